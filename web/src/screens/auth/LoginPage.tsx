import { useQueryClient } from '@tanstack/react-query';
import { FormEvent, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { setSessionToken } from '../../api/session';
import { Link, navigate, useSearchParam } from '../../app/router';
import { ErrorMessage } from '../../components/feedback';
import { Field } from '../../components/Field';
import { t } from '../../i18n';
import { afterSignIn, AuthFrame } from './AuthFrame';

export default function LoginPage() {
  const next = useSearchParam('next');
  const client = useQueryClient();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const session = await unwrap(
        api.POST('/api/auth/login', {
          body: { email: String(form.get('email')), password: String(form.get('password')) },
        }),
      );
      client.clear();
      setSessionToken(session.token);
      navigate(afterSignIn(next), { replace: true });
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('auth.login.title')}>
      <form onSubmit={submit} className="stack">
        <Field label={t('auth.email')} name="email" type="email" autoComplete="username" required autoFocus />
        <Field label={t('auth.password')} name="password" type="password" autoComplete="current-password" required />
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
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
