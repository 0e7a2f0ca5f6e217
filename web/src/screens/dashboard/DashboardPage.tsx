import { useId, useState } from 'react';
import type { Bot } from '../../api/queries/useBots';
import { RetentionPeriod, Stats, useRetention, useSources, useStats, useTimeline } from '../../api/queries/useReports';
import { Link } from '../../app/router';
import { EmptyState, QueryState } from '../../components/feedback';
import { t } from '../../i18n';
import { sourceLabel } from '../../components/sources';
import { MappingsEditor } from './MappingsEditor';
import { RetentionTriangle } from './RetentionTriangle';
import { RevenueCard } from './RevenueCard';
import { SourcesTable } from './SourcesTable';
import { StatCards } from './StatCards';
import { TimelineChart } from './TimelineChart';
import { CohortLengthChoice, DaysChoice } from '../../components/ChipChoice';

const PERIODS = [7, 30, 90, 365] as const;

/** The bot's dashboard: the numbers first, then the trend, then where the contacts came from. */
export default function DashboardPage({ bot }: { bot: Bot }) {
  return <QueryState query={useStats(bot.id)}>{(stats) => <Dashboard bot={bot} stats={stats} />}</QueryState>;
}

function Dashboard({ bot, stats }: { bot: Bot; stats: Stats }) {
  const [days, setDays] = useState<number>(30);
  const timeline = useTimeline(bot.id, days);
  const sources = useSources(bot.id);
  const empty = stats.messages_total === 0 && stats.contacts_total === 0;
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
      <StatCards stats={stats} />
      <RevenueCard botId={bot.id} />
      <section className="card" aria-labelledby="timeline-title">
        <div className="card-head">
          <h2 id="timeline-title">{t('dash.timeline')}</h2>
          <DaysChoice values={PERIODS} value={days} onChange={setDays} />
        </div>
        <QueryState query={timeline}>{({ data }) => <TimelineChart days={data} />}</QueryState>
      </section>
      <RetentionSection botId={bot.id} sources={sources.data?.data.map((row) => row.source_value) ?? []} />
      <section className="card" aria-labelledby="sources-title">
        <h2 id="sources-title">{t('sources.title')}</h2>
        <QueryState query={sources}>{({ data }) => <SourcesTable rows={data} />}</QueryState>
        <MappingsEditor botId={bot.id} />
      </section>
    </>
  );
}

const RETENTION_PERIODS: RetentionPeriod[] = ['week', 'day'];

/** Do people come back? Cohorts by week or day, for all contacts or one source. */
function RetentionSection({ botId, sources }: { botId: string; sources: string[] }) {
  const [period, setPeriod] = useState<RetentionPeriod>('week');
  const [source, setSource] = useState<string | null>(null);
  const retention = useRetention(botId, period, source);
  const sourceId = useId();
  const values = [...new Set(sources)];
  return (
    <section className="card" aria-labelledby="retention-title">
      <div className="card-head">
        <h2 id="retention-title">{t('retention.title')}</h2>
        <div className="retention-filters">
          <CohortLengthChoice values={RETENTION_PERIODS} value={period} onChange={setPeriod} />
          <div className="inline-field">
            <label htmlFor={sourceId}>{t('retention.source')}</label>
            <select id={sourceId} value={source ?? ''} onChange={(event) => setSource(event.target.value || null)}>
              <option value="">{t('retention.allSources')}</option>
              {values.map((value) => (
                <option key={value} value={value}>
                  {sourceLabel(value)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      <p className="muted">{t('retention.hint')}</p>
      <QueryState query={retention}>{(data) => <RetentionTriangle retention={data} />}</QueryState>
    </section>
  );
}
