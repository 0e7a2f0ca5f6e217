import { useRevenue } from '../../api/queries/useRevenue';
import { Link } from '../../app/router';
import { QueryState } from '../../components/feedback';
import { formatMoney } from '../../components/money';
import { formatNumber, t } from '../../i18n';

/** The dashboard's revenue: the net of the last 30 days per currency (the service's default window), one click from the tab. */
export function RevenueCard({ botId }: { botId: string }) {
  return (
    <section className="card revenue-card" aria-labelledby="revenue-card-title">
      <div className="card-head">
        <h2 id="revenue-card-title">{t('revenue.card.title')}</h2>
        <Link href={`/bots/${botId}/revenue`}>{t('revenue.card.more')}</Link>
      </div>
      <QueryState query={useRevenue(botId, null)}>
        {({ totals }) =>
          totals.length ? (
            <dl className="revenue-figures">
              {totals.map((total) => (
                <div key={total.currency}>
                  <dt className="visually-hidden">{t('revenue.totalsOf', { currency: total.currency })}</dt>
                  <dd>
                    <span className="stat-value">{formatMoney(total.net, total.currency)}</span>
                    <span className="stat-detail">
                      {t('revenue.card.detail', {
                        payments: formatNumber(total.payments),
                        payers: formatNumber(total.payers),
                      })}
                    </span>
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="muted">{t('revenue.card.empty')}</p>
          )
        }
      </QueryState>
    </section>
  );
}
