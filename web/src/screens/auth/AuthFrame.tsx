import type { ReactNode } from 'react';
import type { Credentials } from '../../api/queries/useAuth';
import { Field } from '../../components/Field';
import { t } from '../../i18n';

export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="auth" id="main">
      <div className="auth-card">
        <p className="brand brand-large">{t('app.name')}</p>
        <p className="muted">{t('auth.tagline')}</p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

/** Where to go after signing in: the route asked for, if it is a path of this app. */
export function afterSignIn(next: string | null): string {
  return next &&
    next.startsWith('/') &&
    !next.startsWith('//') &&
    !next.startsWith('/login') &&
    !next.startsWith('/register')
    ? next
    : '/bots';
}

/**
 * The address and the password of the sign-in and registration forms. A new account's fields ask the
 * browser to save a new password and state the length rule; signing in offers the saved one.
 */
export function CredentialFields({
  value,
  onChange,
  newAccount = false,
}: {
  value: Credentials;
  onChange: (value: Credentials) => void;
  newAccount?: boolean;
}) {
  return (
    <>
      <Field
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete={newAccount ? 'email' : 'username'}
        required
        autoFocus
        value={value.email}
        onChange={(event) => onChange({ ...value, email: event.target.value })}
      />
      <Field
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete={newAccount ? 'new-password' : 'current-password'}
        minLength={newAccount ? 6 : undefined}
        required
        hint={newAccount ? t('auth.passwordHint') : undefined}
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.target.value })}
      />
    </>
  );
}
