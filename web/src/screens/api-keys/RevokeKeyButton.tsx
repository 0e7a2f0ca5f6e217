import { ConfirmButton } from '../../components/ConfirmButton';
import { t } from '../../i18n';

/** Revoking a key asks first: its calls get 401 from the next one on, and it cannot be undone. */
export function RevokeKeyButton({ name, revoke }: { name: string; revoke: () => Promise<unknown> }) {
  return (
    <ConfirmButton
      label={t('keys.revoke')}
      ariaLabel={t('keys.revokeNamed', { name })}
      question={t('keys.revokeConfirm', { name })}
      confirmLabel={t('keys.revokeYes')}
      action={revoke}
    />
  );
}
