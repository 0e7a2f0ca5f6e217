import { t } from '../i18n';

/** Chips that choose one of a few values (a period, a cohort's length): one pressed button per value. */
export function ChipChoice<T extends string | number>({
  label,
  values,
  value,
  onChange,
  format,
}: {
  label: string;
  values: readonly T[];
  value: T;
  onChange: (value: T) => void;
  format: (value: T) => string;
}) {
  return (
    <div className="segmented-buttons" role="group" aria-label={label}>
      {values.map((option) => (
        <button
          key={option}
          type="button"
          className={option === value ? 'chip chip-on' : 'chip'}
          aria-pressed={option === value}
          onClick={() => onChange(option)}
        >
          {format(option)}
        </button>
      ))}
    </div>
  );
}

/** The reports' «7 дней / 30 дней …» window. */
export function DaysChoice<T extends number>(props: { values: readonly T[]; value: T; onChange: (days: T) => void }) {
  return <ChipChoice label={t('dash.period')} format={(days) => t('dash.days', { days })} {...props} />;
}

/** Cohorts by week or by day (retention, LTV). */
export function CohortLengthChoice<T extends 'week' | 'day'>(props: {
  values: readonly T[];
  value: T;
  onChange: (period: T) => void;
}) {
  return (
    <ChipChoice
      label={t('retention.period')}
      format={(period) => t(period === 'week' ? 'retention.week' : 'retention.day')}
      {...props}
    />
  );
}
