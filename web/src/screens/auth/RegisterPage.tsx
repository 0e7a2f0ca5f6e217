import { FormEvent, useState } from 'react';
import { useAuth } from '../../api/queries/useAuth';
import { Link, navigate, useSearchParam } from '../../app/router';
import { ErrorMessage } from '../../components/feedback';
import { t } from '../../i18n';
import { afterSignIn, AuthFrame, CredentialFields } from './AuthFrame';
import { CodeForm } from './CodeForm';

export default function RegisterPage() {
  const next = useSearchParam('next');
  const { register } = useAuth();
  const [credentials, setCredentials] = useState({ email: '', password: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate({ ...credentials, email: credentials.email.trim() });
  };

  if (register.isSuccess) {
    return (
      <AuthFrame title={t('auth.code.title')}>
        <CodeForm email={register.variables.email} onConfirmed={() => navigate(afterSignIn(next), { replace: true })} />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={t('auth.register.title')}>
      <form onSubmit={submit} className="stack">
        <CredentialFields value={credentials} onChange={setCredentials} newAccount />
        <ErrorMessage error={register.error} />
        <button type="submit" disabled={register.isPending}>
          {t('auth.register.submit')}
        </button>
      </form>
      <p className="muted">
        {t('auth.register.haveAccount')} <Link href="/login">{t('auth.register.toLogin')}</Link>
      </p>
    </AuthFrame>
  );
}
