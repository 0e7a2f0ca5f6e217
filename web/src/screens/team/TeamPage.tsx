import { Team, useTeam } from '../../api/queries/useTeam';
import { QueryState } from '../../components/feedback';
import { t } from '../../i18n';
import { InviteForm } from './InviteForm';
import { InvitesTable } from './InvitesTable';
import { LeaveTeam } from './LeaveTeam';
import { MembersTable } from './MembersTable';
import { NeedsBusiness } from './NeedsBusiness';
import { RolesLegend } from './RolesLegend';

/** The people of the account: roles, invitations, the plan's seat limit (README: Teams and access). */
export default function TeamPage() {
  return (
    <>
      <h1>{t('team.title')}</h1>
      <QueryState query={useTeam()}>{(team) => <TeamView team={team} />}</QueryState>
    </>
  );
}

function TeamView({ team }: { team: Team }) {
  const { account, role, members, invites } = team;
  const owner = role === 'owner';
  const teamPlan = account.team_size > 1;
  const people = members.length + invites.length;
  return (
    <>
      <p className="lead">{owner ? t('team.introOwner') : t('team.introMember', { owner: account.email })}</p>
      {!teamPlan && <NeedsBusiness owner={owner} />}
      {teamPlan && (
        <p className="muted" role="status">
          {t('team.seats', { people, size: account.team_size })}
        </p>
      )}
      <RolesLegend />
      <MembersTable team={team} />
      {owner && invites.length > 0 && <InvitesTable invites={invites} />}
      {owner && teamPlan && <InviteForm full={people >= account.team_size} size={account.team_size} />}
      {!owner && <LeaveTeam owner={account.email} />}
    </>
  );
}
