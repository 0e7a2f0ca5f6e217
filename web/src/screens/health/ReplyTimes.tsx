import { useMemo } from 'react';
import type { Bot } from '../../api/queries/useBots';
import type { HealthReport } from '../../api/queries/useHealth';
import { DaysChart } from '../../components/DaysChart';
import { formatDuration } from '../../components/duration';
import { EmptyState } from '../../components/feedback';
import { formatDateTime, formatNumber, locale, t } from '../../i18n';

const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
// The time chart counts in seconds, or in minutes once a day's p90 reaches two minutes (no axis of «1 200»).
const MINUTES_FROM_MS = 120_000;
const inUnit = (ms: number | null, unitMs: number) => (ms === null ? null : Math.round((ms / unitMs) * 10) / 10);

/** The reply-time percentiles and the unanswered share of the period, then both by day. */
export function ReplyTimes({ report, bot }: { report: HealthReport; bot: Bot }) {
  const { reply_time: reply, unanswered, timeline } = report;
  const inbound = timeline.reduce((sum, day) => sum + day.inbound, 0);
  const dayKeys = useMemo(() => timeline.map((day) => day.date), [timeline]);
  const inMinutes = timeline.some((day) => (day.p90_ms ?? 0) >= MINUTES_FROM_MS);
  const timeSeries = useMemo(() => {
    const unitMs = inMinutes ? 60_000 : 1000;
    // uPlot leaves a gap where a day had no answer (null); the dots show a day between two such gaps.
    return [
      {
        label: t('health.reply.p50'),
        color: '#3b5bdb',
        points: true,
        values: timeline.map((day) => inUnit(day.p50_ms, unitMs)),
      },
      {
        label: t('health.reply.p90'),
        color: '#e8590c',
        points: true,
        values: timeline.map((day) => inUnit(day.p90_ms, unitMs)),
      },
    ];
  }, [timeline, inMinutes]);
  const countSeries = useMemo(
    () => [
      { label: t('health.reply.inbound'), color: '#868e96', values: timeline.map((day) => day.inbound) },
      { label: t('health.reply.replied'), color: '#20a58a', values: timeline.map((day) => day.replied) },
      { label: t('health.reply.unanswered'), color: '#c92a2a', values: timeline.map((day) => day.unanswered) },
    ],
    [timeline],
  );
  if (inbound === 0 && report.last_inbound_at === null)
    return (
      <EmptyState title={t('health.reply.emptyTitle')}>
        <p>{t('health.reply.empty')}</p>
      </EmptyState>
    );
  const cards = [
    { label: t('health.reply.p50'), value: formatDuration(reply.p50_ms), lead: true },
    { label: t('health.reply.p90'), value: formatDuration(reply.p90_ms) },
    { label: t('health.reply.p99'), value: formatDuration(reply.p99_ms) },
    {
      label: t('health.reply.unansweredShare'),
      value: percent.format(unanswered.share),
      detail: t('health.reply.unansweredOf', {
        count: formatNumber(unanswered.count),
        inbound: formatNumber(inbound),
      }),
    },
  ];
  return (
    <>
      <dl className="stat-cards">
        {cards.map((card) => (
          <div key={card.label} className={card.lead ? 'stat stat-lead' : 'stat'}>
            <dt>{card.label}</dt>
            <dd>
              <span className="stat-value">{card.value}</span>
              {card.detail && <span className="stat-detail">{card.detail}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        {t('health.reply.about', {
          replied: formatNumber(reply.replied),
          window: formatDuration(bot.reply_window_s * 1000),
        })}{' '}
        {t('health.reply.last', {
          inbound: formatDateTime(report.last_inbound_at),
          outbound: formatDateTime(report.last_outbound_at),
        })}
      </p>
      <h3>{inMinutes ? t('health.reply.timeTitleMinutes') : t('health.reply.timeTitle')}</h3>
      <DaysChart
        key={inMinutes ? 'minutes' : 'seconds'}
        days={dayKeys}
        series={timeSeries}
        label={inMinutes ? t('health.reply.timeChartMinutes') : t('health.reply.timeChart')}
      />
      <h3>{t('health.reply.countsTitle')}</h3>
      <DaysChart days={dayKeys} series={countSeries} label={t('health.reply.countsChart')} />
    </>
  );
}
