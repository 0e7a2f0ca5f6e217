import { TeamInvite, useCancelInvite } from '../../api/queries/useTeam';
import { ConfirmButton } from '../../components/ConfirmButton';
import { TableWrap } from '../../components/TableWrap';
import { formatDate, t } from '../../i18n';

/** Invitations not accepted yet, each cancelled after confirming (owner only). */
export function InvitesTable({ invites }: { invites: TeamInvite[] }) {
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
