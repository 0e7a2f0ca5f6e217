import { ComponentType, lazy, LazyExoticComponent, ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { onSessionChange, sessionToken } from '../api/session';
import { Loading } from '../components/feedback';
import { Layout } from '../components/Layout';
import { t } from '../i18n';
import { Link, matchPath, navigate, usePath } from './router';

// Each screen is its own chunk, loaded when first opened: the sign-in page carries none of the others.
const LoginPage = lazy(() => import('../screens/auth/LoginPage'));
const RegisterPage = lazy(() => import('../screens/auth/RegisterPage'));
const BotsPage = lazy(() => import('../screens/bots/BotsPage'));
const BotScreens = lazy(() => import('../screens/bots/BotScreens'));

/** The bot's own routes, all rendered inside the bot frame (BotScreens). */
export const BOT_ROUTES = [
  '/bots/:id',
  '/bots/:id/contacts',
  '/bots/:id/contacts/:userId',
  '/bots/:id/dialogs',
  '/bots/:id/dialogs/:userId',
  '/bots/:id/settings',
  '/bots/:id/intents',
  '/bots/:id/intents/:intentId',
  '/bots/:id/funnel',
  '/bots/:id/links',
  '/bots/:id/broadcasts',
  '/bots/:id/revenue',
  '/bots/:id/health',
] as const;

// The account's own routes, outside any bot (the admin ones check the global role themselves).
type RouteParams = Record<string, string>;
export const ACCOUNT_ROUTES: Array<[string, LazyExoticComponent<ComponentType<{ params: RouteParams }>>]> = [
  ['/webhooks', lazy(() => import('../screens/webhooks/WebhooksPage'))],
  ['/api-keys', lazy(() => import('../screens/api-keys/ApiKeysPage'))],
  ['/team', lazy(() => import('../screens/team/TeamPage'))],
  ['/team/invites/:token', lazy(() => import('../screens/team/AcceptInvitePage'))],
  ['/billing', lazy(() => import('../screens/billing/BillingPage'))],
  ['/support', lazy(() => import('../screens/support/SupportPage'))],
  ['/admin/users', lazy(() => import('../screens/admin/AdminUsersPage'))],
  ['/admin/support', lazy(() => import('../screens/admin/AdminSupportPage'))],
  ['/admin/audit', lazy(() => import('../screens/admin/AdminAuditPage'))],
];

function useSignedIn(): boolean {
  return useSyncExternalStore(onSessionChange, () => sessionToken() !== null);
}

export function App() {
  const path = usePath();
  const signedIn = useSignedIn();

  useEffect(() => {
    // Read the location afresh: an effect of an earlier render may run after a navigation already happened.
    const here = window.location.pathname;
    // Without a session every route goes to sign-in, remembering where it was going.
    if (!signedIn && here !== '/login' && here !== '/register') {
      const next = here === '/' ? '' : `?next=${encodeURIComponent(here + window.location.search)}`;
      navigate(`/login${next}`, { replace: true });
    }
    if (signedIn && here === '/') navigate('/bots', { replace: true });
  }, [signedIn, path]);

  if (path === '/login')
    return (
      <Screen>
        <LoginPage />
      </Screen>
    );
  if (path === '/register')
    return (
      <Screen>
        <RegisterPage />
      </Screen>
    );
  if (!signedIn) return null;
  return (
    <Layout>
      <Screen>{signedInScreen(path)}</Screen>
    </Layout>
  );
}

function signedInScreen(path: string): ReactNode {
  if (path === '/bots' || path === '/') return <BotsPage />;
  for (const pattern of BOT_ROUTES) {
    const params = matchPath(pattern, path);
    if (params)
      return <BotScreens route={pattern} botId={params.id} userId={params.userId} intentId={params.intentId} />;
  }
  for (const [pattern, Page] of ACCOUNT_ROUTES) {
    const params = matchPath(pattern, path);
    if (params) return <Page params={params} />;
  }
  return (
    <div className="empty">
      <p>{t('app.notFound')}</p>
      <Link href="/bots">{t('app.toBots')}</Link>
    </div>
  );
}

function Screen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Loading />}>{children}</Suspense>;
}
