import { FormEvent, useState } from 'react';
import { useAuth } from '../../api/queries/useAuth';
import { Link, navigate, useSearchParam } from '../../app/router';
import { ErrorMessage } from '../../components/feedback';
import { Field } from '../../components/Field';
import { t } from '../../i18n';
import { afterSignIn, AuthFrame } from './AuthFrame';
import { CodeForm } from './CodeForm';

export default function RegisterPage() {
  const next = useSearchParam('next');
  const { register } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate({ email: email.trim(), password });
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
        <Field
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Field
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={6}
          required
          hint={t('auth.passwordHint')}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
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
