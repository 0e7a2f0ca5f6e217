import { Delivery, useDeliveries } from '../../api/queries/useWebhooks';
import { EmptyState, QueryState } from '../../components/feedback';
import { TableWrap } from '../../components/TableWrap';
import { formatDateTime, formatNumber, t } from '../../i18n';

/** The newest 50 deliveries of one subscription: what happened, how long it took, what was sent and answered. */
export function DeliveryLog({ subscriptionId }: { subscriptionId: string }) {
  return (
    <QueryState query={useDeliveries(subscriptionId, true)}>
      {(deliveries) => <DeliveryTable deliveries={deliveries} />}
    </QueryState>
  );
}

function DeliveryTable({ deliveries }: { deliveries: Delivery[] }) {
  if (deliveries.length === 0) return <EmptyState>{t('webhooks.log.empty')}</EmptyState>;
  return (
    <TableWrap label={t('webhooks.log.title')}>
      <table className="deliveries">
        <thead>
          <tr>
            <th scope="col">{t('webhooks.log.time')}</th>
            <th scope="col">{t('webhooks.log.event')}</th>
            <th scope="col">{t('webhooks.log.status')}</th>
            <th scope="col" className="num">
              {t('webhooks.log.duration')}
            </th>
            <th scope="col">{t('webhooks.log.body')}</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery, index) => (
            <tr key={`${delivery.created_at}-${index}`}>
              <td>{formatDateTime(delivery.created_at)}</td>
              <td>
                <code>{delivery.event}</code>
              </td>
              <td>
                <DeliveryStatus delivery={delivery} />
              </td>
              <td className="num">{t('webhooks.log.ms', { ms: formatNumber(delivery.duration_ms) })}</td>
              <td className="preview-cell">
                <Preview label={t('webhooks.log.sent')} text={delivery.body_preview} />
                <Preview label={t('webhooks.log.answer')} text={delivery.response_preview} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

/** 2xx is delivered; anything else says what went wrong (the status, or the network error when no answer came). */
export function DeliveryStatus({ delivery }: { delivery: Delivery }) {
  const ok = delivery.error === null;
  const text =
    delivery.status_code === null
      ? t('webhooks.log.noAnswer', { error: delivery.error ?? '' })
      : (delivery.error ?? String(delivery.status_code));
  return (
    <span className={ok ? 'badge badge-ok' : 'badge badge-off'}>
      {ok ? t('webhooks.log.ok', { code: String(delivery.status_code) }) : text}
    </span>
  );
}

function Preview({ label, text }: { label: string; text: string | null }) {
  if (text === null) return null;
  return (
    <details className="preview">
      <summary>
        {label}: <code>{text.length > 60 ? `${text.slice(0, 60)}…` : text || t('webhooks.log.emptyBody')}</code>
      </summary>
      <pre>{text}</pre>
    </details>
  );
}
