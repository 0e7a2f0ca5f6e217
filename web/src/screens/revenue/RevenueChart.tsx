import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { RevenueDay } from '../../api/queries/useRevenue';
import { currencyExponent, currencyLabel } from '../../components/money';
import { locale, t } from '../../i18n';

const dayLabel = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });

const SERIES = [
  { key: 'gross', label: () => t('revenue.series.gross'), color: '#3b5bdb' },
  { key: 'refunds', label: () => t('revenue.series.refunds'), color: '#e03131' },
  { key: 'net', label: () => t('revenue.series.net'), color: '#20a58a' },
] as const;

/** Days at UTC midnight (the report's days are UTC dates); amounts in whole units of the currency, not the smallest. */
function toAlignedData(days: RevenueDay[], currency: string): AlignedData {
  const unit = 10 ** currencyExponent(currency);
  return [
    days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
    ...SERIES.map((series) => days.map((day) => day[series.key] / unit)),
  ];
}

/** Gross, refunds and net per day of one currency, drawn by uPlot as the dashboard's timeline is. */
export function RevenueChart({ days, currency }: { days: RevenueDay[]; currency: string }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const element = box.current!;
    const options: Options = {
      width: Math.max(element.clientWidth, 280),
      height: 240,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true } },
      axes: [
        { values: (_, ticks) => ticks.map((ts) => dayLabel.format(new Date(ts * 1000))) },
        { size: 72, values: (_, ticks) => ticks.map((value) => compact.format(value)) },
      ],
      series: [
        {},
        ...SERIES.map((series) => ({ label: series.label(), stroke: series.color, width: 2, points: { show: false } })),
      ],
      legend: { live: false },
    };
    plot.current = new uPlot(options, toAlignedData(days, currency), element);
    const resize = new ResizeObserver(() =>
      plot.current?.setSize({ width: Math.max(element.clientWidth, 280), height: 240 }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.current?.destroy();
      plot.current = null;
    };
    // Built once; new data goes through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    plot.current?.setData(toAlignedData(days, currency));
  }, [days, currency]);

  return (
    <div
      ref={box}
      className="chart chart-short"
      role="img"
      aria-label={t('revenue.chartLabel', { currency: currencyLabel(currency) })}
    />
  );
}
