import { FormEvent, useState } from 'react';
import { useMe } from '../../api/queries/useMe';
import {
  MEMBER_ROLES,
  MemberRole,
  Team,
  TeamInvite,
  TeamMember,
  useCancelInvite,
  useChangeRole,
  useInvite,
  useLeaveTeam,
  useRemoveMember,
  useTeam,
} from '../../api/queries/useTeam';
import { Link, navigate } from '../../app/router';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ErrorMessage, Notice, QueryState } from '../../components/feedback';
import { Field } from '../../components/Field';
import { TableWrap } from '../../components/TableWrap';
import { formatDate, t } from '../../i18n';

/** The people of the account: roles, invitations, the plan's seat limit (README: Teams and access). */
export default function TeamPage() {
  return <QueryState query={useTeam()}>{(team) => <TeamView team={team} />}</QueryState>;
}

function TeamView({ team }: { team: Team }) {
  const { account, role, members, invites } = team;
  const owner = role === 'owner';
  const teamPlan = account.team_size > 1;
  const people = members.length + invites.length;
  return (
    <>
      <h1>{t('team.title')}</h1>
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

function NeedsBusiness({ owner }: { owner: boolean }) {
  return (
    <div className="empty">
      <h3>{t('team.business.title')}</h3>
      <p>{t('team.business.text')}</p>
      {owner ? (
        <Link href="/billing">{t('team.business.action')}</Link>
      ) : (
        <p className="muted">{t('team.business.member')}</p>
      )}
    </div>
  );
}

function RolesLegend() {
  return (
    <details className="legend">
      <summary>{t('team.roles.title')}</summary>
      <dl className="facts">
        {(['owner', 'administrator', 'observer'] as const).map((role) => (
          <div key={role} className="fact-row">
            <dt>{t(`role.${role}`)}</dt>
            <dd>{t(`team.roles.${role}`)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

function MembersTable({ team }: { team: Team }) {
  const { data: me } = useMe();
  const remove = useRemoveMember();
  const owner = team.role === 'owner';
  return (
    <section className="card" aria-labelledby="members">
      <h2 id="members">{t('team.members')}</h2>
      <TableWrap label={t('team.members')}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('team.col.email')}</th>
              <th scope="col">{t('team.col.role')}</th>
              <th scope="col">{t('team.col.joined')}</th>
              {owner && (
                <th scope="col">
                  <span className="visually-hidden">{t('team.col.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {team.members.map((member) => (
              <tr key={member.user_id}>
                <td className="strong">
                  {member.email}
                  {member.user_id === me?.id && <span className="muted"> {t('team.you')}</span>}
                </td>
                <td>{owner && member.role !== 'owner' ? <RoleSelect member={member} /> : t(`role.${member.role}`)}</td>
                <td>{formatDate(member.joined_at)}</td>
                {owner && (
                  <td>
                    {member.role !== 'owner' && (
                      <ConfirmButton
                        label={t('team.remove')}
                        ariaLabel={t('team.removeNamed', { email: member.email })}
                        question={t('team.removeConfirm', { email: member.email })}
                        confirmLabel={t('team.removeYes')}
                        action={() => remove.mutateAsync(member.user_id)}
                      />
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </section>
  );
}

function RoleSelect({ member }: { member: TeamMember }) {
  const change = useChangeRole(member.user_id);
  const [role, setRole] = useState<MemberRole>(member.role === 'observer' ? 'observer' : 'administrator');
  const changed = role !== member.role;
  return (
    <div className="row nowrap">
      <label className="visually-hidden" htmlFor={`role-${member.user_id}`}>
        {t('team.roleOf', { email: member.email })}
      </label>
      <select
        id={`role-${member.user_id}`}
        value={role}
        onChange={(e) => (setRole(e.target.value as MemberRole), change.reset())}
      >
        {MEMBER_ROLES.map((value) => (
          <option key={value} value={value}>
            {t(`role.${value}`)}
          </option>
        ))}
      </select>
      {changed && (
        <button type="button" disabled={change.isPending} onClick={() => change.mutate(role)}>
          {t('team.changeRole')}
        </button>
      )}
      {change.isSuccess && !changed && <span className="badge badge-ok">{t('team.roleChanged')}</span>}
      <ErrorMessage error={change.error} />
    </div>
  );
}

function InvitesTable({ invites }: { invites: TeamInvite[] }) {
  const cancel = useCancelInvite();
  return (
    <section className="card" aria-labelledby="invites">
      <h2 id="invites">{t('team.invites')}</h2>
      <TableWrap label={t('team.invites')}>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('team.col.email')}</th>
              <th scope="col">{t('team.col.role')}</th>
              <th scope="col">{t('team.col.sent')}</th>
              <th scope="col">{t('team.col.expires')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('team.col.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invites.map((invite) => (
              <tr key={invite.id}>
                <td className="strong">{invite.email}</td>
                <td>{t(`role.${invite.role}`)}</td>
                <td>{formatDate(invite.created_at)}</td>
                <td>{formatDate(invite.expires_at)}</td>
                <td>
                  <ConfirmButton
                    label={t('team.cancelInvite')}
                    ariaLabel={t('team.cancelInviteNamed', { email: invite.email })}
                    question={t('team.cancelInviteConfirm', { email: invite.email })}
                    confirmLabel={t('team.cancelInviteYes')}
                    action={() => cancel.mutateAsync(invite.id)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </section>
  );
}

function InviteForm({ full, size }: { full: boolean; size: number }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<MemberRole>('administrator');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email: email.trim().toLowerCase(), role }, { onSuccess: () => setEmail('') });
  };
  return (
    <section className="card" aria-labelledby="invite">
      <h2 id="invite">{t('team.invite.title')}</h2>
      {full && <p className="alert alert-info">{t('team.invite.full', { size })}</p>}
      <form className="stack" onSubmit={submit}>
        <Field
          label={t('auth.email')}
          name="email"
          type="email"
          required
          autoComplete="off"
          hint={t('team.invite.hint')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <fieldset className="segmented">
          <legend>{t('team.col.role')}</legend>
          {MEMBER_ROLES.map((value) => (
            <label key={value}>
              <input type="radio" name="role" value={value} checked={role === value} onChange={() => setRole(value)} />
              {t(`role.${value}`)}
            </label>
          ))}
        </fieldset>
        <ErrorMessage error={invite.error} />
        {invite.data && <Notice>{t('team.invite.sent', { email: invite.data.email })}</Notice>}
        <div>
          <button type="submit" disabled={invite.isPending}>
            {t('team.invite.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

function LeaveTeam({ owner }: { owner: string }) {
  const leave = useLeaveTeam();
  return (
    <section className="card" aria-labelledby="leave">
      <h2 id="leave">{t('team.leave.title')}</h2>
      <ConfirmButton
        label={t('team.leave.button')}
        question={t('team.leave.confirm', { owner })}
        confirmLabel={t('team.leave.yes')}
        action={() => leave.mutateAsync().then(() => navigate('/bots'))}
      />
    </section>
  );
}
