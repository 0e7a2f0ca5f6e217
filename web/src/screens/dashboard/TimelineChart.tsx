import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { TimelineDay } from '../../api/queries/useReports';
import { locale, t } from '../../i18n';

const dayLabel = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });

const SERIES = [
  { key: 'messages_in', label: () => t('dash.series.in'), color: '#3b5bdb' },
  { key: 'messages_out', label: () => t('dash.series.out'), color: '#20a58a' },
  { key: 'new_contacts', label: () => t('dash.series.new'), color: '#e8590c' },
] as const;

/** Timeline days are UTC dates: placed at UTC midnight and labelled in UTC, so no day shifts by the viewer's zone. */
export function toAlignedData(days: TimelineDay[]): AlignedData {
  return [
    days.map((day) => Date.parse(`${day.date}T00:00:00Z`) / 1000),
    ...SERIES.map((series) => days.map((day) => day[series.key])),
  ];
}

/** Messages in, out and new contacts per day, drawn by uPlot (loaded with the dashboard only). */
export function TimelineChart({ days }: { days: TimelineDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const element = box.current!;
    const options: Options = {
      width: Math.max(element.clientWidth, 280),
      height: 260,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true } },
      axes: [{ values: (_, ticks) => ticks.map((ts) => dayLabel.format(new Date(ts * 1000))) }, { size: 48 }],
      series: [
        {},
        ...SERIES.map((series) => ({ label: series.label(), stroke: series.color, width: 2, points: { show: false } })),
      ],
      legend: { live: false },
    };
    plot.current = new uPlot(options, toAlignedData(days), element);
    const resize = new ResizeObserver(() =>
      plot.current?.setSize({ width: Math.max(element.clientWidth, 280), height: 260 }),
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
    plot.current?.setData(toAlignedData(days));
  }, [days]);

  return <div ref={box} className="chart" role="img" aria-label={t('dash.chartLabel')} />;
}
