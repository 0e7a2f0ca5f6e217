import type { RevenuePayload, RevenueSource } from '../../api/queries/useRevenue';
import { EmptyState } from '../../components/feedback';
import { formatMoney } from '../../components/money';
import { sourceLabel, UNMAPPED_SOURCE } from '../../components/sources';
import { TableWrap } from '../../components/TableWrap';
import { formatNumber, locale, t } from '../../i18n';

const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });

/**
 * Which source brings paying people: its new contacts of the window, its payers, the conversion from one to
 * the other, and the net it brought, in all and per new contact (what a contact from it is worth).
 */
export function SourcesRevenueTable({ rows }: { rows: RevenueSource[] }) {
  if (rows.length === 0) return <EmptyState>{t('revenue.noSources')}</EmptyState>;
  return (
    <TableWrap label={t('revenue.bySource')}>
      <table className="revenue-sources">
        <thead>
          <tr>
            <th scope="col">{t('sources.source')}</th>
            <th scope="col">{t('sources.campaign')}</th>
            <th scope="col" className="num">
              {t('revenue.col.newContacts')}
            </th>
            <th scope="col" className="num">
              {t('revenue.payers')}
            </th>
            <th scope="col" className="num">
              {t('revenue.col.conversion')}
            </th>
            <th scope="col" className="num">
              {t('revenue.payments')}
            </th>
            <th scope="col" className="num">
              {t('revenue.net')}
            </th>
            <th scope="col" className="num">
              {t('revenue.col.perContact')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.source_value}\u0000${row.campaign_name ?? ''}`}>
              <td className={row.source_value === UNMAPPED_SOURCE ? 'muted' : 'strong'}>
                {sourceLabel(row.source_value)}
              </td>
              <td>{row.campaign_name ?? '—'}</td>
              <td className="num">{formatNumber(row.contacts)}</td>
              <td className="num">{formatNumber(row.payers)}</td>
              <td className="num">{row.contacts ? percent.format(row.payers / row.contacts) : '—'}</td>
              <td className="num">{formatNumber(row.payments)}</td>
              <td className="num strong">{formatMoney(row.net, row.currency)}</td>
              <td className="num">
                {row.contacts ? formatMoney(row.net / row.contacts, row.currency, { average: true }) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** What sells: net and payments per invoice payload. */
export function PayloadTable({ rows }: { rows: RevenuePayload[] }) {
  if (rows.length === 0) return <EmptyState>{t('revenue.noPayloads')}</EmptyState>;
  return (
    <TableWrap label={t('revenue.byPayload')}>
      <table className="revenue-products">
        <thead>
          <tr>
            <th scope="col">{t('revenue.col.payload')}</th>
            <th scope="col" className="num">
              {t('revenue.payments')}
            </th>
            <th scope="col" className="num">
              {t('revenue.net')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.payload ?? '\u0000'}>
              <td className={row.payload === null ? 'muted' : 'mono'}>{row.payload ?? t('revenue.noPayload')}</td>
              <td className="num">{formatNumber(row.payments)}</td>
              <td className="num strong">{formatMoney(row.net, row.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
