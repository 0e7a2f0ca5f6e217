import type { RevenueTotal } from '../../api/queries/useRevenue';
import { currencyLabel, formatMoney } from '../../components/money';
import { formatNumber, t } from '../../i18n';

/** One row of cards per currency: the net first (what the owner came for), then payments and payers. */
export function RevenueTotals({ totals }: { totals: RevenueTotal[] }) {
  return (
    <div className="revenue-totals">
      {totals.map((total) => (
        <div key={total.currency} className="revenue-currency">
          {totals.length > 1 && <h3 className="revenue-currency-name">{currencyLabel(total.currency)}</h3>}
          <dl className="stat-cards" aria-label={t('revenue.totalsOf', { currency: total.currency })}>
            <div className="stat stat-lead">
              <dt>{t('revenue.net')}</dt>
              <dd>
                <span className="stat-value">{formatMoney(total.net, total.currency)}</span>
                <span className="stat-detail">
                  {t('revenue.grossRefunds', {
                    gross: formatMoney(total.gross, total.currency),
                    refunds: formatMoney(total.refunds, total.currency),
                  })}
                </span>
              </dd>
            </div>
            <div className="stat">
              <dt>{t('revenue.payments')}</dt>
              <dd>
                <span className="stat-value">{formatNumber(total.payments)}</span>
                <span className="stat-detail">{t('revenue.refunded', { count: formatNumber(total.refunded) })}</span>
              </dd>
            </div>
            <div className="stat">
              <dt>{t('revenue.payers')}</dt>
              <dd>
                <span className="stat-value">{formatNumber(total.payers)}</span>
                <span className="stat-detail">{t('revenue.newPayers', { count: formatNumber(total.new_payers) })}</span>
              </dd>
            </div>
          </dl>
        </div>
      ))}
    </div>
  );
}
