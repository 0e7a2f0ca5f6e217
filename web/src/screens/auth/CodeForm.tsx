import { useQueryClient } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { setSessionToken } from '../../api/session';
import { ErrorMessage, Notice } from '../../components/feedback';
import { Field } from '../../components/Field';
import { t } from '../../i18n';

/** The six-digit code from the mail: confirms the address and signs in; the code can be sent again. */
export function CodeForm({ email, onConfirmed }: { email: string; onConfirmed: () => void }) {
  const client = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const [resent, setResent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code')).trim();
    setBusy(true);
    setError(null);
    try {
      const session = await unwrap(api.POST('/api/auth/confirm', { body: { email, code } }));
      setSessionToken(session.token);
      await client.invalidateQueries();
      onConfirmed();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const resend = async () => {
    setError(null);
    setResent(false);
    try {
      await unwrap(api.POST('/api/auth/resend', { body: { email } }));
      setResent(true);
    } catch (failure) {
      setError(failure);
    }
  };

  return (
    <form onSubmit={submit} className="stack">
      <p>{t('auth.code.sent', { email })}</p>
      <Field
        label={t('auth.code.label')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        autoFocus
      />
      <ErrorMessage error={error} />
      {resent && <Notice>{t('auth.code.resent')}</Notice>}
      <div className="row">
        <button type="submit" disabled={busy}>
          {t('auth.code.submit')}
        </button>
        <button type="button" className="button-secondary" onClick={resend}>
          {t('auth.code.resend')}
        </button>
      </div>
    </form>
  );
}
