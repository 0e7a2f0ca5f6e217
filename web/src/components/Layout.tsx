import type { ReactNode } from 'react';
import { useAuth } from '../api/queries/useAuth';
import { useMe } from '../api/queries/useMe';
import { Link, usePath } from '../app/router';
import { t } from '../i18n';
import type { MessageKey } from '../i18n/ru';
import { ConfirmEmailBanner } from '../screens/auth/ConfirmEmailBanner';
import { ImpersonationBanner } from './ImpersonationBanner';

/** The account's screens, for everyone signed in (each screen shows what the role allows). */
const MAIN_NAV: Array<[string, MessageKey]> = [
  ['/bots', 'nav.bots'],
  ['/webhooks', 'nav.webhooks'],
  ['/api-keys', 'nav.apiKeys'],
  ['/team', 'nav.team'],
  ['/billing', 'nav.billing'],
  ['/support', 'nav.support'],
];
/** Only for global admins. */
const ADMIN_NAV: Array<[string, MessageKey]> = [
  ['/admin/users', 'nav.adminUsers'],
  ['/admin/support', 'nav.adminSupport'],
  ['/admin/audit', 'nav.adminAudit'],
];

/** The signed-in frame: header with the sections, the account and sign-out, the read-only note for observers. */
export function Layout({ children }: { children: ReactNode }) {
  const { data: me } = useMe();
  const { signOut } = useAuth();
  return (
    <>
      <a className="skip" href="#main">
        {t('app.skip')}
      </a>
      {me && <ImpersonationBanner me={me} />}
      <header className="topbar">
        <Link href="/bots" className="brand">
          {t('app.name')}
        </Link>
        <NavLinks label={t('nav.main')} entries={MAIN_NAV} />
        <div className="account">
          {me && (
            <span className="muted account-email">
              {me.email} · {me.role === 'admin' ? t('admin.role.admin') : t(`role.${me.team.role}`)}
            </span>
          )}
          <button type="button" className="button-secondary" onClick={() => signOut()}>
            {t('nav.signOut')}
          </button>
        </div>
        {/* A row of its own: the admin's tools are set apart from the account's screens. */}
        {me?.role === 'admin' && (
          <NavLinks label={t('nav.admin')} entries={ADMIN_NAV} className="admin-nav" caption={t('nav.admin')} />
        )}
      </header>
      <main id="main" className="page">
        {me && !me.email_confirmed && <ConfirmEmailBanner email={me.email} />}
        {me?.team.role === 'observer' && <p className="alert alert-info">{t('role.readOnly')}</p>}
        {children}
      </main>
    </>
  );
}

function NavLinks({
  label,
  entries,
  className,
  caption,
}: {
  label: string;
  entries: Array<[string, MessageKey]>;
  className?: string;
  caption?: string;
}) {
  const path = usePath();
  return (
    <nav aria-label={label} className={className}>
      {caption && (
        <span className="nav-caption" aria-hidden="true">
          {caption}
        </span>
      )}
      {entries.map(([href, key]) => (
        <Link key={href} href={href} aria-current={path === href || path.startsWith(`${href}/`) ? 'page' : undefined}>
          {t(key)}
        </Link>
      ))}
    </nav>
  );
}
