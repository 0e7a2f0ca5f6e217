import { useMemo } from 'react';
import type { TimelineDay } from '../../api/queries/useReports';
import { DaysChart } from '../../components/DaysChart';
import { t } from '../../i18n';

const SERIES = [
  { key: 'messages_in', label: () => t('dash.series.in'), color: '#3b5bdb' },
  { key: 'messages_out', label: () => t('dash.series.out'), color: '#20a58a' },
  { key: 'new_contacts', label: () => t('dash.series.new'), color: '#e8590c' },
] as const;

/** Messages in, out and new contacts per day. */
export function TimelineChart({ days }: { days: TimelineDay[] }) {
  // Only new data reaches the chart: a render for anything else leaves it as it is.
  const dates = useMemo(() => days.map((day) => day.date), [days]);
  const series = useMemo(
    () => SERIES.map((line) => ({ label: line.label(), color: line.color, values: days.map((day) => day[line.key]) })),
    [days],
  );
  return <DaysChart days={dates} series={series} label={t('dash.chartLabel')} />;
}
