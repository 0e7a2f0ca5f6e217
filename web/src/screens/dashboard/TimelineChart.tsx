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
  return (
    <DaysChart
      days={days.map((day) => day.date)}
      series={SERIES.map((series) => ({
        label: series.label(),
        color: series.color,
        values: days.map((day) => day[series.key]),
      }))}
      label={t('dash.chartLabel')}
    />
  );
}
