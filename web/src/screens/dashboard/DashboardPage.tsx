import { useState } from 'react';
import type { Bot } from '../../api/queries/useBots';
import { useSources, useStats, useTimeline } from '../../api/queries/useReports';
import { Link } from '../../app/router';
import { EmptyState, ErrorMessage, Loading } from '../../components/feedback';
import { t } from '../../i18n';
import { MappingsEditor } from './MappingsEditor';
import { SourcesTable } from './SourcesTable';
import { StatCards } from './StatCards';
import { TimelineChart } from './TimelineChart';

const PERIODS = [7, 30, 90, 365] as const;

/** The bot's dashboard: the numbers first, then the trend, then where the contacts came from. */
export default function DashboardPage({ bot }: { bot: Bot }) {
  const stats = useStats(bot.id);
  const [days, setDays] = useState<number>(30);
  const timeline = useTimeline(bot.id, days);
  const sources = useSources(bot.id);

  if (stats.error) return <ErrorMessage error={stats.error} onRetry={() => stats.refetch()} />;
  if (!stats.data) return <Loading />;
  const empty = stats.data.messages_total === 0 && stats.data.contacts_total === 0;
  return (
    <>
      {empty && (
        <EmptyState title={t('dash.empty.title')}>
          <p>{t('dash.empty.text')}</p>
          {bot.platform === 'telegram' && bot.username && (
            // Telegram's start parameter takes letters, digits, _ and - only, so the link carries the bare source.
            <p className="muted">{t('dash.empty.utm', { link: `https://t.me/${bot.username}?start=vk` })}</p>
          )}
          <p>
            <Link href={`/bots/${bot.id}/settings`} className="button">
              {t('dash.empty.action')}
            </Link>
          </p>
        </EmptyState>
      )}
      <StatCards stats={stats.data} />
      <section className="card" aria-labelledby="timeline-title">
        <div className="card-head">
          <h2 id="timeline-title">{t('dash.timeline')}</h2>
          <div className="segmented-buttons" role="group" aria-label={t('dash.period')}>
            {PERIODS.map((period) => (
              <button
                key={period}
                type="button"
                className={period === days ? 'chip chip-on' : 'chip'}
                aria-pressed={period === days}
                onClick={() => setDays(period)}
              >
                {t('dash.days', { days: period })}
              </button>
            ))}
          </div>
        </div>
        <ErrorMessage error={timeline.error} />
        {timeline.data ? <TimelineChart days={timeline.data.data} /> : <Loading />}
      </section>
      <section className="card" aria-labelledby="sources-title">
        <h2 id="sources-title">{t('sources.title')}</h2>
        <ErrorMessage error={sources.error} />
        {sources.data ? <SourcesTable rows={sources.data.data} /> : <Loading />}
        <MappingsEditor botId={bot.id} />
      </section>
    </>
  );
}
