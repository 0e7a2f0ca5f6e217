import { useLeaveTeam } from '../../api/queries/useTeam';
import { navigate } from '../../app/router';
import { ConfirmButton } from '../../components/ConfirmButton';
import { t } from '../../i18n';

/** A member leaves the owner's team after confirming; only a new invitation brings them back. */
export function LeaveTeam({ owner }: { owner: string }) {
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
