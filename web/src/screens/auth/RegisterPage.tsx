import { FormEvent, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { Link, navigate, useSearchParam } from '../../app/router';
import { ErrorMessage } from '../../components/feedback';
import { Field } from '../../components/Field';
import { t } from '../../i18n';
import { afterSignIn, AuthFrame } from './AuthFrame';
import { CodeForm } from './CodeForm';

export default function RegisterPage() {
  const next = useSearchParam('next');
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const address = String(form.get('email')).trim();
    setBusy(true);
    setError(null);
    try {
      await unwrap(
        api.POST('/api/auth/register', { body: { email: address, password: String(form.get('password')) } }),
      );
      setEmail(address);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  if (email) {
    return (
      <AuthFrame title={t('auth.code.title')}>
        <CodeForm email={email} onConfirmed={() => navigate(afterSignIn(next), { replace: true })} />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={t('auth.register.title')}>
      <form onSubmit={submit} className="stack">
        <Field label={t('auth.email')} name="email" type="email" autoComplete="email" required autoFocus />
        <Field
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={6}
          required
          hint={t('auth.passwordHint')}
        />
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          {t('auth.register.submit')}
        </button>
      </form>
      <p className="muted">
        {t('auth.register.haveAccount')} <Link href="/login">{t('auth.register.toLogin')}</Link>
      </p>
    </AuthFrame>
  );
}
