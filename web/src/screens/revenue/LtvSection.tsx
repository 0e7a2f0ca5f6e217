import { useState } from 'react';
import { CohortPeriod, RevenueCohorts, useRevenueCohorts } from '../../api/queries/useRevenue';
import { EmptyState, QueryState } from '../../components/feedback';
import { currencyLabel, formatMoney } from '../../components/money';
import { TableWrap } from '../../components/TableWrap';
import { formatNumber, locale, t } from '../../i18n';
import { CohortLengthChoice } from '../../components/ChipChoice';

const PERIODS: CohortPeriod[] = ['week', 'day'];
const shortDate = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** What a contact is worth over time: LTV cohorts by week or day, in the page's currency and source. */
export function LtvSection({
  botId,
  source,
  currency,
}: {
  botId: string;
  source: string | null;
  currency: string | null;
}) {
  const [period, setPeriod] = useState<CohortPeriod>('week');
  const cohorts = useRevenueCohorts(botId, period, source, currency);
  return (
    <section className="card" aria-labelledby="ltv-title">
      <div className="card-head">
        <h2 id="ltv-title">{t('ltv.title')}</h2>
        <CohortLengthChoice values={PERIODS} value={period} onChange={setPeriod} />
      </div>
      <QueryState query={cohorts}>{(data) => <LtvTriangle ltv={data} />}</QueryState>
    </section>
  );
}

/**
 * The triangle as the retention one: a row per cohort (its start, size and payers), a column per period since it
 * came; a cell is the cohort's net revenue so far per contact, deeper in colour the nearer to the table's highest.
 */
export function LtvTriangle({ ltv }: { ltv: RevenueCohorts }) {
  const { cohorts, period, currency } = ltv;
  if (currency === null) return <EmptyState>{t('ltv.noPayments')}</EmptyState>;
  if (cohorts.every((cohort) => cohort.size === 0)) return <EmptyState>{t('retention.empty')}</EmptyState>;
  const columns = cohorts[0]?.net_per_contact.length ?? 0;
  const highest = Math.max(...cohorts.flatMap((cohort) => cohort.net_per_contact), 0);
  return (
    <>
      <p className="muted">{t('ltv.hint', { currency: currencyLabel(currency) })}</p>
      <TableWrap label={t('ltv.label')}>
        <table className="retention ltv">
          <thead>
            <tr>
              <th scope="col">{t('retention.cohort')}</th>
              <th scope="col" className="num">
                {t('retention.size')}
              </th>
              <th scope="col" className="num">
                {t('revenue.payers')}
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
                <td className="num">{formatNumber(cohort.payers)}</td>
                {Array.from({ length: columns }, (_, n) => {
                  if (n >= cohort.net_per_contact.length) return <td key={n} className="retention-future" />;
                  if (cohort.size === 0)
                    return (
                      <td key={n} className="num muted">
                        —
                      </td>
                    );
                  const value = cohort.net_per_contact[n];
                  return (
                    <td
                      key={n}
                      className="num retention-cell"
                      style={{ ['--share' as string]: (highest ? value / highest : 0).toFixed(3) }}
                    >
                      {formatMoney(value, currency, { average: true })}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </>
  );
}
