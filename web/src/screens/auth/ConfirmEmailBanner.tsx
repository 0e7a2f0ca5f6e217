import { useState } from 'react';
import { t } from '../../i18n';
import { CodeForm } from './CodeForm';

/** A signed-in account whose address is not confirmed yet can enter the code without leaving the page. */
export function ConfirmEmailBanner({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="alert alert-info">
      <p>
        {t('auth.unconfirmed')}{' '}
        {!open && (
          <button type="button" className="button-link" onClick={() => setOpen(true)}>
            {t('auth.unconfirmed.action')}
          </button>
        )}
      </p>
      {open && <CodeForm email={email} onConfirmed={() => setOpen(false)} />}
    </div>
  );
}
