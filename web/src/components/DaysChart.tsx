import { useEffect, useRef } from 'react';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { locale } from '../i18n';

const dayLabel = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const HEIGHT = 260;
const DAY_S = 24 * 60 * 60;
// Ticks a whole number of days apart: uPlot would otherwise mark hours and name one day three times.
const DAY_STEPS = [1, 2, 7, 14, 30, 61, 91, 182, 365].map((days) => days * DAY_S);
// Counts are whole: 1, 2, 5, 10, 20, 50… apart, never 0.2.
const COUNT_STEPS = Array.from({ length: 10 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();

export interface DaySeries {
  label: string;
  color: string;
  /** One value per day, in the order of `days`; null leaves a gap (a day without a value, not a zero). */
  values: Array<number | null>;
  /** Dots on the values: a series with gaps may have days whose neighbours have none, and a lone value draws no line. */
  points?: boolean;
}

/** Days are UTC dates: placed at UTC midnight and labelled in UTC, so no day shifts by the viewer's zone. */
export function toAlignedData(days: string[], series: DaySeries[]): AlignedData {
  return [days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000), ...series.map((line) => line.values)];
}

/**
 * Lines over UTC days (`YYYY-MM-DD`, oldest first), drawn by uPlot; it loads with the screens that draw one.
 * Built once with the series' labels and colours; new values are set in place.
 */
export function DaysChart({ days, series, label }: { days: string[]; series: DaySeries[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);

  useEffect(() => {
    const element = box.current!;
    const options: Options = {
      width: Math.max(element.clientWidth, 280),
      height: HEIGHT,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      // Counts from zero; with no count at all, up to 1 rather than uPlot's 100.
      scales: {
        x: { time: true },
        y: { range: (_, __, max) => (max > 0 ? uPlot.rangeNum(0, max, 0.1, true) : [0, 1]) },
      },
      axes: [
        { incrs: DAY_STEPS, values: (_, ticks) => ticks.map((ts) => dayLabel.format(new Date(ts * 1000))) },
        { size: 48, incrs: COUNT_STEPS },
      ],
      series: [
        {},
        ...series.map((line) => ({
          label: line.label,
          stroke: line.color,
          width: 2,
          points: { show: line.points ?? false },
        })),
      ],
      legend: { live: false },
    };
    plot.current = new uPlot(options, toAlignedData(days, series), element);
    const resize = new ResizeObserver(() =>
      plot.current?.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT }),
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
    plot.current?.setData(toAlignedData(days, series));
  }, [days, series]);

  return <div ref={box} className="chart" role="img" aria-label={label} />;
}
