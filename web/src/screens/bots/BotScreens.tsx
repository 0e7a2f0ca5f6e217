import { lazy, Suspense } from 'react';
import type { BOT_ROUTES } from '../../app/App';
import { Bot, useBot } from '../../api/queries/useBots';
import { Link, usePath } from '../../app/router';
import { Loading, QueryState } from '../../components/feedback';
import { t } from '../../i18n';
import { AlertBanner } from './AlertBanner';
import { BotBadges } from './BotBadges';

const DashboardPage = lazy(() => import('../dashboard/DashboardPage'));
const ContactsPage = lazy(() => import('../contacts/ContactsPage'));
const ContactCardPage = lazy(() => import('../contacts/ContactCardPage'));
const DialogsPage = lazy(() => import('../dialogs/DialogsPage'));
const SettingsPage = lazy(() => import('./SettingsPage'));
const IntentsPage = lazy(() => import('../intents/IntentsPage'));
const FunnelPage = lazy(() => import('../funnel/FunnelPage'));
const LinksPage = lazy(() => import('../links/LinksPage'));
const BroadcastsPage = lazy(() => import('../broadcasts/BroadcastsPage'));
const RevenuePage = lazy(() => import('../revenue/RevenuePage'));
const HealthPage = lazy(() => import('../health/HealthPage'));

interface Props {
  route: (typeof BOT_ROUTES)[number];
  botId: string;
  userId?: string;
  intentId?: string;
}

/** The bot's frame: its name, mode and state, and the tabs of its screens. */
export default function BotScreens(props: Props) {
  return <QueryState query={useBot(props.botId)}>{(bot) => <BotFrame bot={bot} {...props} />}</QueryState>;
}

function BotFrame({ bot, route, botId, userId, intentId }: Props & { bot: Bot }) {
  const path = usePath();
  const base = `/bots/${botId}`;
  const tabs = [
    { href: base, label: t('nav.dashboard'), current: path === base },
    { href: `${base}/contacts`, label: t('nav.contacts'), current: path.startsWith(`${base}/contacts`) },
    { href: `${base}/dialogs`, label: t('nav.dialogs'), current: path.startsWith(`${base}/dialogs`) },
    { href: `${base}/intents`, label: t('nav.intents'), current: path.startsWith(`${base}/intents`) },
    { href: `${base}/funnel`, label: t('nav.funnel'), current: path === `${base}/funnel` },
    { href: `${base}/revenue`, label: t('nav.revenue'), current: path === `${base}/revenue` },
    { href: `${base}/broadcasts`, label: t('nav.broadcasts'), current: path === `${base}/broadcasts` },
    { href: `${base}/links`, label: t('nav.links'), current: path === `${base}/links` },
    { href: `${base}/health`, label: t('nav.health'), current: path === `${base}/health` },
    { href: `${base}/settings`, label: t('nav.settings'), current: path === `${base}/settings` },
  ];
  return (
    <>
      <div className="bot-head">
        <h1>
          {bot.name}
          {bot.username && <span className="muted bot-username"> @{bot.username}</span>}
        </h1>
        <BotBadges bot={bot} />
      </div>
      <AlertBanner bot={bot} onHealthTab={route === '/bots/:id/health'} />
      <nav className="tabs" aria-label={t('nav.bot')}>
        {tabs.map((tab) => (
          <Link key={tab.href} href={tab.href} aria-current={tab.current ? 'page' : undefined}>
            {tab.label}
          </Link>
        ))}
      </nav>
      <Suspense fallback={<Loading />}>
        {route === '/bots/:id' && <DashboardPage bot={bot} />}
        {route === '/bots/:id/contacts' && <ContactsPage bot={bot} />}
        {route === '/bots/:id/contacts/:userId' && <ContactCardPage bot={bot} userId={userId!} />}
        {(route === '/bots/:id/dialogs' || route === '/bots/:id/dialogs/:userId') && (
          <DialogsPage bot={bot} userId={userId} />
        )}
        {route === '/bots/:id/settings' && <SettingsPage bot={bot} />}
        {(route === '/bots/:id/intents' || route === '/bots/:id/intents/:intentId') && (
          <IntentsPage bot={bot} intentId={intentId} />
        )}
        {route === '/bots/:id/funnel' && <FunnelPage bot={bot} />}
        {route === '/bots/:id/links' && <LinksPage bot={bot} />}
        {route === '/bots/:id/broadcasts' && <BroadcastsPage bot={bot} />}
        {route === '/bots/:id/revenue' && <RevenuePage bot={bot} />}
        {route === '/bots/:id/health' && <HealthPage bot={bot} />}
      </Suspense>
    </>
  );
}
