import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api } from '../api/client';
import { useMe } from '../api/queries/useMe';
import { setSessionToken } from '../api/session';
import { Link, navigate } from '../app/router';
import { t } from '../i18n';
import { ConfirmEmailBanner } from '../screens/auth/ConfirmEmailBanner';

/** The signed-in frame: header with the account and sign-out, the read-only note for observers. */
export function Layout({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  const client = useQueryClient();
  const signOut = async () => {
    await api.POST('/api/auth/logout').catch(() => undefined);
    setSessionToken(null);
    client.clear();
    navigate('/login');
  };
  return (
    <>
      <a className="skip" href="#main">
        {t('app.skip')}
      </a>
      <header className="topbar">
        <Link href="/bots" className="brand">
          {t('app.name')}
        </Link>
        <nav aria-label={t('nav.main')}>
          <Link href="/bots">{t('nav.bots')}</Link>
        </nav>
        <div className="account">
          {me && (
            <span className="muted account-email">
              {me.email} · {t(`role.${me.team.role}`)}
            </span>
          )}
          <button type="button" className="button-secondary" onClick={signOut}>
            {t('nav.signOut')}
          </button>
        </div>
      </header>
      <main id="main" className="page">
        {me && !me.email_confirmed && <ConfirmEmailBanner email={me.email} />}
        {me?.team.role === 'observer' && <p className="alert alert-info">{t('role.readOnly')}</p>}
        {children}
      </main>
    </>
  );
}
