import { FormEvent, useState } from 'react';
import { useAuth } from '../../api/queries/useAuth';
import { Link, navigate, useSearchParam } from '../../app/router';
import { ErrorMessage } from '../../components/feedback';
import { Field } from '../../components/Field';
import { t } from '../../i18n';
import { afterSignIn, AuthFrame } from './AuthFrame';

export default function LoginPage() {
  const next = useSearchParam('next');
  const { login } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email: email.trim(), password },
      { onSuccess: () => navigate(afterSignIn(next), { replace: true }) },
    );
  };

  return (
    <AuthFrame title={t('auth.login.title')}>
      <form onSubmit={submit} className="stack">
        <Field
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
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
