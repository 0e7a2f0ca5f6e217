import { FormEvent, useState } from 'react';
import { useBots } from '../../api/queries/useBots';
import { useCanWrite } from '../../api/queries/useMe';
import {
  MAX_SUBSCRIPTIONS,
  Subscription,
  useCreateSubscription,
  useSubscriptions,
  WebhookEvent,
} from '../../api/queries/useWebhooks';
import { EmptyState, ErrorMessage, QueryState } from '../../components/feedback';
import { Field } from '../../components/Field';
import { ShownOnce } from '../../components/ShownOnce';
import { t } from '../../i18n';
import { EventsField } from './EventsField';
import { verificationSnippet } from './snippet';
import { SubscriptionCard } from './SubscriptionCard';

/** Event subscriptions: Botlens POSTs signed JSON to the subscriber's URL (README: Event webhooks). */
export default function WebhooksPage() {
  const subscriptions = useSubscriptions();
  const bots = useBots();
  const canWrite = useCanWrite();
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const botName = (id: string | null) =>
    id ? (bots.data?.data.find((bot) => bot.id === id)?.name ?? id) : t('webhooks.allBots');

  return (
    <>
      <h1>{t('webhooks.title')}</h1>
      <p className="lead">{t('webhooks.intro')}</p>
      {created && (
        <ShownOnce
          id="webhook-secret"
          title={t('webhooks.secret.title')}
          warning={t('webhooks.secret.once')}
          fields={[
            { label: t('webhooks.secret.label'), value: created.secret },
            { label: t('webhooks.secret.snippet'), value: verificationSnippet(), multiline: true },
          ]}
          done={t('webhooks.secret.done')}
          onDone={() => setCreated(null)}
        >
          <p>{t('webhooks.secret.text', { url: created.url })}</p>
        </ShownOnce>
      )}
      <QueryState query={subscriptions}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState title={t('webhooks.empty.title')}>
              <p>{canWrite ? t('webhooks.empty.text') : t('webhooks.empty.observer')}</p>
            </EmptyState>
          ) : (
            data.map((subscription: Subscription) => (
              <SubscriptionCard
                key={subscription.id}
                subscription={subscription}
                botName={botName(subscription.bot_id)}
                canWrite={canWrite}
              />
            ))
          )
        }
      </QueryState>
      {canWrite && <CreateForm count={subscriptions.data?.data.length ?? 0} onCreated={setCreated} />}
    </>
  );
}

function CreateForm({
  count,
  onCreated,
}: {
  count: number;
  onCreated: (created: { url: string; secret: string }) => void;
}) {
  const create = useCreateSubscription();
  const bots = useBots();
  const [events, setEvents] = useState<WebhookEvent[]>(['message.created']);
  const [url, setUrl] = useState('');
  const [botId, setBotId] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events, ...(botId ? { bot_id: botId } : {}) },
      {
        onSuccess: (subscription) => {
          onCreated({ url: subscription.url, secret: subscription.secret });
          setUrl('');
          window.scrollTo(0, 0);
        },
      },
    );
  };
  return (
    <section className="card" aria-labelledby="new-webhook">
      <div className="card-head">
        <h2 id="new-webhook">{t('webhooks.create.title')}</h2>
        <span className="muted">{t('webhooks.count', { count, max: MAX_SUBSCRIPTIONS })}</span>
      </div>
      <form className="stack" onSubmit={submit}>
        <Field
          label={t('webhooks.url')}
          type="url"
          required
          maxLength={500}
          placeholder="https://crm.example/botlens"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          spellCheck={false}
          hint={t('webhooks.urlHint')}
        />
        <EventsField value={events} onChange={setEvents} />
        <div className="field">
          <label htmlFor="webhook-bot">{t('webhooks.bot')}</label>
          <select id="webhook-bot" value={botId} onChange={(e) => setBotId(e.target.value)}>
            <option value="">{t('webhooks.allBots')}</option>
            {bots.data?.data.map((bot) => (
              <option key={bot.id} value={bot.id}>
                {bot.name}
              </option>
            ))}
          </select>
        </div>
        <ErrorMessage error={create.error} />
        <div>
          <button type="submit" disabled={create.isPending || events.length === 0}>
            {t('webhooks.create.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
