import { lazy, Suspense } from 'react';
import type { BOT_ROUTES } from '../../app/App';
import { useBot } from '../../api/queries/useBots';
import { Link, usePath } from '../../app/router';
import { ErrorMessage, Loading } from '../../components/feedback';
import { t } from '../../i18n';
import { BotBadges } from './BotBadges';

const DashboardPage = lazy(() => import('../dashboard/DashboardPage'));
const ContactsPage = lazy(() => import('../contacts/ContactsPage'));
const ContactCardPage = lazy(() => import('../contacts/ContactCardPage'));
const DialogsPage = lazy(() => import('../dialogs/DialogsPage'));
const SettingsPage = lazy(() => import('./SettingsPage'));
const IntentsPage = lazy(() => import('../intents/IntentsPage'));
const FunnelPage = lazy(() => import('../funnel/FunnelPage'));
const BroadcastsPage = lazy(() => import('../broadcasts/BroadcastsPage'));

interface Props {
  route: (typeof BOT_ROUTES)[number];
  botId: string;
  userId?: string;
  intentId?: string;
}

/** The bot's frame: its name, mode and state, and the tabs of its screens. */
export default function BotScreens({ route, botId, userId, intentId }: Props) {
  const bot = useBot(botId);
  const path = usePath();
  if (bot.error) return <ErrorMessage error={bot.error} onRetry={() => bot.refetch()} />;
  if (!bot.data) return <Loading />;
  const base = `/bots/${botId}`;
  const tabs = [
    { href: base, label: t('nav.dashboard'), current: path === base },
    { href: `${base}/contacts`, label: t('nav.contacts'), current: path.startsWith(`${base}/contacts`) },
    { href: `${base}/dialogs`, label: t('nav.dialogs'), current: path.startsWith(`${base}/dialogs`) },
    { href: `${base}/intents`, label: t('nav.intents'), current: path.startsWith(`${base}/intents`) },
    { href: `${base}/funnel`, label: t('nav.funnel'), current: path === `${base}/funnel` },
    { href: `${base}/broadcasts`, label: t('nav.broadcasts'), current: path === `${base}/broadcasts` },
    { href: `${base}/settings`, label: t('nav.settings'), current: path === `${base}/settings` },
  ];
  return (
    <>
      <div className="bot-head">
        <h1>
          {bot.data.name}
          {bot.data.username && <span className="muted bot-username"> @{bot.data.username}</span>}
        </h1>
        <BotBadges bot={bot.data} />
      </div>
      <nav className="tabs" aria-label={t('nav.bot')}>
        {tabs.map((tab) => (
          <Link key={tab.href} href={tab.href} aria-current={tab.current ? 'page' : undefined}>
            {tab.label}
          </Link>
        ))}
      </nav>
      <Suspense fallback={<Loading />}>
        {route === '/bots/:id' && <DashboardPage bot={bot.data} />}
        {route === '/bots/:id/contacts' && <ContactsPage bot={bot.data} />}
        {route === '/bots/:id/contacts/:userId' && <ContactCardPage bot={bot.data} userId={userId!} />}
        {(route === '/bots/:id/dialogs' || route === '/bots/:id/dialogs/:userId') && (
          <DialogsPage bot={bot.data} userId={userId} />
        )}
        {route === '/bots/:id/settings' && <SettingsPage bot={bot.data} />}
        {(route === '/bots/:id/intents' || route === '/bots/:id/intents/:intentId') && (
          <IntentsPage bot={bot.data} intentId={intentId} />
        )}
        {route === '/bots/:id/funnel' && <FunnelPage bot={bot.data} />}
        {route === '/bots/:id/broadcasts' && <BroadcastsPage bot={bot.data} />}
      </Suspense>
    </>
  );
}
