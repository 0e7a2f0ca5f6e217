import { useId, useState } from 'react';
import type { Bot } from '../../api/queries/useBots';
import { useSources } from '../../api/queries/useReports';
import { Revenue, usePayments, useRevenue } from '../../api/queries/useRevenue';
import { CsvDownload } from '../../components/CsvDownload';
import { EmptyState, QueryState } from '../../components/feedback';
import { currencyLabel } from '../../components/money';
import { sourceLabel } from '../../components/sources';
import { t } from '../../i18n';
import { LtvSection } from './LtvSection';
import { RECENT_PAYMENTS, RecentPayments } from './PaymentsTable';
import { RevenueChart } from './RevenueChart';
import { PayloadTable, SourcesRevenueTable } from './RevenueTables';
import { RevenueTotals } from './RevenueTotals';
import { DaysChoice } from '../../components/ChipChoice';

const PERIODS = [7, 30, 90, 365] as const;
const DAY = 24 * 60 * 60 * 1000;

/** The window's first UTC day: `days` days ending today, as the report counts them. */
export function windowStart(days: number, now = Date.now()): string {
  return new Date(now - (days - 1) * DAY).toISOString().slice(0, 10);
}

/**
 * `/bots/:id/revenue`: what the bot earned in a window of days (per currency, never mixed), by day, by source
 * and by product; the LTV of its cohorts; its latest payments, each a click away from its dialog.
 */
export default function RevenuePage({ bot }: { bot: Bot }) {
  const [days, setDays] = useState<number>(30);
  const [source, setSource] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const revenue = useRevenue(bot.id, windowStart(days), source);
  // Amounts are never mixed: the chosen currency (the one of most payments at first) drives every list below the totals.
  const currencies = revenue.data?.totals.map((total) => total.currency) ?? [];
  const currency = chosen && currencies.includes(chosen) ? chosen : (currencies[0] ?? null);
  // A bot that was never paid gets the one explanation, not three empty cards (the same query the list reads).
  const neverPaid = usePayments(bot.id, null, RECENT_PAYMENTS).data?.data.length === 0;
  return (
    <>
      <section className="card" aria-labelledby="revenue-title">
        <div className="card-head">
          <h2 id="revenue-title">{t('revenue.title')}</h2>
          <div className="retention-filters">
            <DaysChoice values={PERIODS} value={days} onChange={setDays} />
            <SourceSelect botId={bot.id} source={source} onChange={setSource} />
          </div>
        </div>
        <QueryState query={revenue}>
          {(data) => <RevenueReport botId={bot.id} report={data} currency={currency} onCurrency={setChosen} />}
        </QueryState>
      </section>
      {revenue.data && !neverPaid && <LtvSection botId={bot.id} source={source} currency={currency} />}
      {!neverPaid && (
        <section className="card" aria-labelledby="payments-title">
          <div className="card-head">
            <h2 id="payments-title">{t('revenue.recent')}</h2>
            <CsvDownload path={`/api/bots/${bot.id}/payments/export.csv`} />
          </div>
          <RecentPayments botId={bot.id} />
        </section>
      )}
    </>
  );
}

function SourceSelect({
  botId,
  source,
  onChange,
}: {
  botId: string;
  source: string | null;
  onChange: (source: string | null) => void;
}) {
  const sources = useSources(botId);
  const id = useId();
  const values = [...new Set(sources.data?.data.map((row) => row.source_value) ?? [])];
  return (
    <div className="inline-field">
      <label htmlFor={id}>{t('retention.source')}</label>
      <select id={id} value={source ?? ''} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{t('retention.allSources')}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {sourceLabel(value)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The window's report: totals of every currency, then the day-by-day, sources and products of the chosen one. */
function RevenueReport({
  botId,
  report,
  currency,
  onCurrency,
}: {
  botId: string;
  report: Revenue;
  currency: string | null;
  onCurrency: (currency: string) => void;
}) {
  if (currency === null)
    return (
      <EmptyState title={t('revenue.empty.title')}>
        <p>{t('revenue.empty.text')}</p>
        <p className="muted">{t('revenue.empty.api', { id: botId })}</p>
      </EmptyState>
    );
  const currencies = report.totals.map((total) => total.currency);
  return (
    <>
      <RevenueTotals totals={report.totals} />
      {currencies.length > 1 && (
        <div className="segmented-buttons currency-switch" role="group" aria-labelledby="revenue-currency-label">
          <span id="revenue-currency-label" className="currency-switch-label">
            {t('revenue.currency')}
          </span>
          {currencies.map((code) => (
            <button
              key={code}
              type="button"
              className={code === currency ? 'chip chip-on' : 'chip'}
              aria-pressed={code === currency}
              onClick={() => onCurrency(code)}
            >
              {currencyLabel(code)}
            </button>
          ))}
        </div>
      )}
      <h3>{t('revenue.timeline')}</h3>
      <RevenueChart days={report.timeline.filter((day) => day.currency === currency)} currency={currency} />
      <h3>{t('revenue.bySource')}</h3>
      <SourcesRevenueTable rows={report.by_source.filter((row) => row.currency === currency)} />
      <h3>{t('revenue.byPayload')}</h3>
      <PayloadTable rows={report.by_payload.filter((row) => row.currency === currency)} />
    </>
  );
}
