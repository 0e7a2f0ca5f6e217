import { FormEvent, useState } from 'react';
import { useAuth } from '../../api/queries/useAuth';
import { ErrorMessage, Notice } from '../../components/feedback';
import { Field } from '../../components/Field';
import { t } from '../../i18n';

/** The six-digit code from the mail: confirms the address and signs in; the code can be sent again. */
export function CodeForm({ email, onConfirmed }: { email: string; onConfirmed: () => void }) {
  const { confirm, resend } = useAuth();
  const [code, setCode] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    resend.reset();
    confirm.mutate({ email, code: code.trim() }, { onSuccess: onConfirmed });
  };
  const sendAgain = () => {
    confirm.reset();
    resend.mutate(email);
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
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <ErrorMessage error={confirm.error ?? resend.error} />
      {resend.isSuccess && <Notice>{t('auth.code.resent')}</Notice>}
      <div className="row">
        <button type="submit" disabled={confirm.isPending}>
          {t('auth.code.submit')}
        </button>
        <button type="button" className="button-secondary" onClick={sendAgain}>
          {t('auth.code.resend')}
        </button>
      </div>
    </form>
  );
}
