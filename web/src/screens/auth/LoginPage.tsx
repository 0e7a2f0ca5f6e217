import { FormEvent, useState } from 'react';
import { useAuth } from '../../api/queries/useAuth';
import { Link, navigate, useSearchParam } from '../../app/router';
import { ErrorMessage } from '../../components/feedback';
import { t } from '../../i18n';
import { afterSignIn, AuthFrame, CredentialFields } from './AuthFrame';

export default function LoginPage() {
  const next = useSearchParam('next');
  const { login } = useAuth();
  const [credentials, setCredentials] = useState({ email: '', password: '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { ...credentials, email: credentials.email.trim() },
      { onSuccess: () => navigate(afterSignIn(next), { replace: true }) },
    );
  };

  return (
    <AuthFrame title={t('auth.login.title')}>
      <form onSubmit={submit} className="stack">
        <CredentialFields value={credentials} onChange={setCredentials} />
        <ErrorMessage error={login.error} />
        <button type="submit" disabled={login.isPending}>
          {t('auth.login.submit')}
        </button>
      </form>
      <p className="muted">
        {t('auth.login.noAccount')}{' '}
        <Link href={next ? `/register?next=${encodeURIComponent(next)}` : '/register'}>
          {t('auth.login.toRegister')}
        </Link>
      </p>
    </AuthFrame>
  );
}
