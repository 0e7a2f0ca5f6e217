import { Payment, usePayments } from '../../api/queries/useRevenue';
import { Link } from '../../app/router';
import { EmptyState, QueryState } from '../../components/feedback';
import { formatMoney } from '../../components/money';
import { sourceLabel } from '../../components/sources';
import { TableWrap } from '../../components/TableWrap';
import { formatDateTime, t } from '../../i18n';

/** The newest payments shown on the revenue tab; the CSV beside them has every one. */
export const RECENT_PAYMENTS = 20;
/** A contact's payments on its card. */
const OF_CONTACT = 50;

export function RecentPayments({ botId }: { botId: string }) {
  return (
    <QueryState query={usePayments(botId, null, RECENT_PAYMENTS)}>
      {({ data }) =>
        data.length ? (
          <PaymentsTable botId={botId} payments={data} withContact />
        ) : (
          <EmptyState>{t('payments.empty')}</EmptyState>
        )
      }
    </QueryState>
  );
}

export function ContactPayments({ botId, userId }: { botId: string; userId: string }) {
  return (
    <QueryState query={usePayments(botId, userId, OF_CONTACT)}>
      {({ data }) =>
        data.length ? (
          <PaymentsTable botId={botId} payments={data} withContact={false} />
        ) : (
          <p className="muted">{t('payments.noneOfContact')}</p>
        )
      }
    </QueryState>
  );
}

/** Payments newest first: when, who (a link to the dialog), how much, for what, and whether it was refunded. */
function PaymentsTable({ botId, payments, withContact }: { botId: string; payments: Payment[]; withContact: boolean }) {
  return (
    <TableWrap label={t('payments.label')}>
      <table className="payments">
        <thead>
          <tr>
            <th scope="col">{t('payments.col.paidAt')}</th>
            {withContact && <th scope="col">{t('payments.col.contact')}</th>}
            <th scope="col" className="num">
              {t('payments.col.amount')}
            </th>
            <th scope="col">{t('revenue.col.payload')}</th>
            {withContact && <th scope="col">{t('sources.source')}</th>}
            <th scope="col">{t('payments.col.state')}</th>
          </tr>
        </thead>
        <tbody>
          {payments.map((payment) => (
            <tr key={payment.id} className={payment.refunded_at ? 'payment-refunded' : undefined}>
              <td className="nowrap">{formatDateTime(payment.paid_at)}</td>
              {withContact && (
                <td>
                  <Link href={`/bots/${botId}/dialogs/${encodeURIComponent(payment.user_id)}`}>
                    {t('payments.dialogOf', { id: payment.user_id })}
                  </Link>
                </td>
              )}
              <td className="num strong nowrap">{formatMoney(payment.amount, payment.currency)}</td>
              <td className={payment.payload === null ? 'muted' : 'mono'}>{payment.payload ?? '—'}</td>
              {withContact && <td>{payment.source_value ? sourceLabel(payment.source_value) : '—'}</td>}
              <td>
                {payment.refunded_at ? (
                  <span className="badge badge-off" title={formatDateTime(payment.refunded_at)}>
                    {t('payments.refunded')}
                  </span>
                ) : (
                  <span className="badge badge-ok">{t('payments.paid')}</span>
                )}
                {payment.recurring && <span className="badge">{t('payments.recurring')}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}
