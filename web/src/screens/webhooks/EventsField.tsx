import { WEBHOOK_EVENTS, WebhookEvent } from '../../api/queries/useWebhooks';
import { ChecksField } from '../../components/ChecksField';
import { t } from '../../i18n';

/** The events of a subscription as checkboxes, each with its name in words and its code. */
export function EventsField({
  value,
  onChange,
}: {
  value: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
}) {
  const options = WEBHOOK_EVENTS.map((event) => ({
    value: event,
    label: (
      <>
        {t(`webhooks.event.${event}`)} <code className="muted">{event}</code>
      </>
    ),
  }));
  return <ChecksField legend={t('webhooks.events')} options={options} value={value} onChange={onChange} />;
}

export function EventBadges({ events }: { events: WebhookEvent[] }) {
  return (
    <span className="badges">
      {events.map((event) => (
        <span key={event} className="badge" title={event}>
          {t(`webhooks.event.${event}`)}
        </span>
      ))}
    </span>
  );
}
