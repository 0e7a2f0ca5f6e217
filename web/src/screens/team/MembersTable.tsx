import { useState } from 'react';
import { useMe } from '../../api/queries/useMe';
import { MEMBER_ROLES, MemberRole, Team, TeamMember, useChangeRole, useRemoveMember } from '../../api/queries/useTeam';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ErrorMessage } from '../../components/feedback';
import { TableWrap } from '../../components/TableWrap';
import { formatDate, t } from '../../i18n';

/** The members with their roles; the owner changes a role in place and removes a member after confirming. */
export function MembersTable({ team }: { team: Team }) {
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
