import type { ReactNode } from 'react';
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
