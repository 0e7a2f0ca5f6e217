import type { Retention } from '../../api/queries/useReports';
import { TableWrap } from '../../components/TableWrap';
import { EmptyState } from '../../components/feedback';
import { formatNumber, locale, t } from '../../i18n';

const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
const shortDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * The cohort triangle: one row per cohort (its start and size), one column per period since it came.
 * A cell shows the share of the cohort that wrote in that period; its colour deepens with the share
 * and its title gives the count. Period 0 is everyone by definition, so it is left uncoloured.
 */
export function RetentionTriangle({ retention }: { retention: Retention }) {
  const { cohorts, period } = retention;
  if (cohorts.every((cohort) => cohort.size === 0)) return <EmptyState>{t('retention.empty')}</EmptyState>;
  const columns = cohorts[0]?.retained.length ?? 0;
  return (
    <TableWrap label={t('retention.label')}>
      <table className="retention">
        <thead>
          <tr>
            <th scope="col">{t('retention.cohort')}</th>
            <th scope="col" className="num">
              {t('retention.size')}
            </th>
            {Array.from({ length: columns }, (_, n) => (
              <th scope="col" className="num" key={n}>
                {t(period === 'week' ? 'retention.weekN' : 'retention.dayN', { n })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cohorts.map((cohort) => (
            <tr key={cohort.start}>
              <th scope="row">
                {period === 'week'
                  ? t('retention.weekOf', { date: shortDate.format(new Date(cohort.start)) })
                  : shortDate.format(new Date(cohort.start))}
              </th>
              <td className="num strong">{formatNumber(cohort.size)}</td>
              {Array.from({ length: columns }, (_, n) => {
                if (n >= cohort.retained.length) return <td key={n} className="retention-future" />;
                const count = cohort.retained[n];
                if (cohort.size === 0)
                  return (
                    <td key={n} className="num muted">
                      —
                    </td>
                  );
                const share = count / cohort.size;
                const title = t('retention.cell', {
                  count: formatNumber(count),
                  size: formatNumber(cohort.size),
                  percent: percent.format(share),
                });
                return (
                  <td
                    key={n}
                    className={n === 0 ? 'num retention-cell retention-base' : 'num retention-cell'}
                    title={title}
                    data-count={count}
                    style={n === 0 ? undefined : { ['--share' as string]: share.toFixed(3) }}
                  >
                    {percent.format(share)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
