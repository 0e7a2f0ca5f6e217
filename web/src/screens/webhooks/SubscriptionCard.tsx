import { FormEvent, useState } from 'react';
import {
  Subscription,
  useDeleteSubscription,
  useTestPing,
  useUpdateSubscription,
  WebhookEvent,
} from '../../api/queries/useWebhooks';
import { ConfirmButton } from '../../components/ConfirmButton';
import { ErrorMessage, Notice } from '../../components/feedback';
import { Field } from '../../components/Field';
import { formatDate, formatNumber, t } from '../../i18n';
import { DeliveryLog, DeliveryStatus } from './DeliveryLog';
import { EventBadges, EventsField } from './EventsField';

/** One subscription: where it sends, what, for which bot; test it, edit, switch off, delete, read its log. */
export function SubscriptionCard({
  subscription,
  botName,
  canWrite,
}: {
  subscription: Subscription;
  botName: string;
  canWrite: boolean;
}) {
  const update = useUpdateSubscription(subscription.id);
  const remove = useDeleteSubscription(subscription.id);
  const ping = useTestPing(subscription.id);
  const [editing, setEditing] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const headingId = `webhook-${subscription.id}`;

  const test = () => {
    setLogOpen(true);
    ping.mutate();
  };
  return (
    <article className="card" aria-labelledby={headingId}>
      <div className="card-head">
        <h2 id={headingId} className="url-title">
          {subscription.url}
        </h2>
        <span className={subscription.active ? 'badge badge-ok' : 'badge badge-off'}>
          {subscription.active ? t('webhooks.active') : t('webhooks.inactive')}
        </span>
      </div>
      {editing ? (
        <EditForm subscription={subscription} onDone={() => setEditing(false)} />
      ) : (
        <dl className="facts">
          <dt>{t('webhooks.events')}</dt>
          <dd>
            <EventBadges events={subscription.events} />
          </dd>
          <dt>{t('webhooks.bot')}</dt>
          <dd>{botName}</dd>
          <dt>{t('webhooks.created')}</dt>
          <dd>{formatDate(subscription.created_at)}</dd>
        </dl>
      )}
      {canWrite && !editing && (
        <div className="row actions">
          <button type="button" onClick={test} disabled={ping.isPending}>
            {ping.isPending ? t('webhooks.testing') : t('webhooks.test')}
          </button>
          <button type="button" className="button-secondary" onClick={() => setEditing(true)}>
            {t('webhooks.edit')}
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={update.isPending}
            onClick={() => update.mutate({ active: !subscription.active })}
          >
            {subscription.active ? t('webhooks.deactivate') : t('webhooks.activate')}
          </button>
          <ConfirmButton
            label={t('webhooks.delete')}
            question={t('webhooks.deleteConfirm', { url: subscription.url })}
            confirmLabel={t('webhooks.deleteYes')}
            action={() => remove.mutateAsync()}
          />
        </div>
      )}
      <ErrorMessage error={update.error ?? ping.error} />
      {ping.data && (
        <div className="ping-result" role="status">
          {ping.data.error === null
            ? t('webhooks.pingOk', { ms: formatNumber(ping.data.duration_ms) })
            : t('webhooks.pingFailed')}{' '}
          <DeliveryStatus delivery={ping.data} />
        </div>
      )}
      <details className="log" open={logOpen} onToggle={(e) => setLogOpen(e.currentTarget.open)}>
        <summary>{t('webhooks.log.title')}</summary>
        {logOpen && <DeliveryLog subscriptionId={subscription.id} />}
      </details>
    </article>
  );
}

function EditForm({ subscription, onDone }: { subscription: Subscription; onDone: () => void }) {
  const update = useUpdateSubscription(subscription.id);
  const [url, setUrl] = useState(subscription.url);
  const [events, setEvents] = useState<WebhookEvent[]>(subscription.events);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ url: url.trim(), events }, { onSuccess: onDone });
  };
  return (
    <form className="stack" onSubmit={submit}>
      <Field
        label={t('webhooks.url')}
        type="url"
        required
        maxLength={500}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        spellCheck={false}
      />
      <EventsField value={events} onChange={setEvents} />
      <ErrorMessage error={update.error} />
      {update.isSuccess && <Notice>{t('settings.saved')}</Notice>}
      <div className="row">
        <button type="submit" disabled={update.isPending || events.length === 0}>
          {t('settings.save')}
        </button>
        <button type="button" className="button-secondary" onClick={onDone}>
          {t('settings.cancel')}
        </button>
      </div>
    </form>
  );
}
