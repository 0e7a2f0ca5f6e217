import { useState } from 'react';
import type { Bot } from '../../api/queries/useBots';
import {
  Intent,
  INTENT_MESSAGES_PAGE,
  useDeleteIntent,
  useIntentMessages,
  useUpdateIntent,
} from '../../api/queries/useIntents';
import { useCanWrite } from '../../api/queries/useMe';
import { Link, navigate, useSearchParam } from '../../app/router';
import { Confirm } from '../../components/Confirm';
import { EmptyState, ErrorMessage, Notice, QueryState } from '../../components/feedback';
import { Pager } from '../../components/Pager';
import { formatDateTime, formatMessageTime, formatNumber, t } from '../../i18n';
import { IntentForm } from './IntentForm';
import { IntentName, IntentState } from './IntentBits';

/** One intent: its rules and counts, edit / switch off / delete, and the messages it matched (`?page=`). */
export function IntentPage({ bot, intent }: { bot: Bot; intent: Intent | undefined }) {
  const back = (
    <Link href={`/bots/${bot.id}/intents`} className="back-link-always">
      ← {t('intents.back')}
    </Link>
  );
  if (!intent) {
    return (
      <>
        {back}
        <EmptyState>{t('intents.notFound')}</EmptyState>
      </>
    );
  }
  return (
    <>
      {back}
      <IntentCard bot={bot} intent={intent} />
      <MatchedMessages bot={bot} intent={intent} />
    </>
  );
}

function IntentCard({ bot, intent }: { bot: Bot; intent: Intent }) {
  const canWrite = useCanWrite();
  const update = useUpdateIntent(bot.id, intent.id);
  const remove = useDeleteIntent(bot.id, intent.id);
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const [saved, setSaved] = useState(false);

  return (
    <section className="card" aria-labelledby="intent-title">
      <div className="card-head">
        <h2 id="intent-title">
          <IntentName intent={intent} />
        </h2>
        <IntentState active={intent.is_active} />
      </div>
      {intent.description && <p>{intent.description}</p>}
      {saved && mode === 'view' && <Notice>{t('intents.saved')}</Notice>}
      {mode === 'edit' ? (
        <>
          <IntentForm
            botId={bot.id}
            intent={intent}
            onDone={() => {
              setMode('view');
              setSaved(true);
            }}
          />
          <button type="button" className="button-link" onClick={() => setMode('view')}>
            {t('confirm.cancel')}
          </button>
        </>
      ) : (
        <>
          <dl className="facts">
            <dt>{t('intents.form.keywords')}</dt>
            <dd>
              {intent.keywords.length ? (
                <span className="rules">
                  {intent.keywords.map((keyword) => (
                    <span key={keyword} className="chip-value chip-static">
                      {keyword}
                    </span>
                  ))}
                </span>
              ) : (
                '—'
              )}
            </dd>
            <dt>{t('intents.form.patterns')}</dt>
            <dd>
              {intent.patterns.length ? (
                <ul className="plain-list">
                  {intent.patterns.map((pattern) => (
                    <li key={pattern}>
                      <code>{pattern}</code>
                    </li>
                  ))}
                </ul>
              ) : (
                '—'
              )}
            </dd>
            <dt>{t('intents.col.users')}</dt>
            <dd>{formatNumber(intent.users_count)}</dd>
            <dt>{t('intents.col.messages')}</dt>
            <dd>{formatNumber(intent.messages_count)}</dd>
            <dt>{t('intents.createdAt')}</dt>
            <dd>{formatDateTime(intent.created_at)}</dd>
          </dl>
          {!intent.is_active && <p className="alert alert-info">{t('intents.inactiveNote')}</p>}
          {canWrite && mode === 'view' && (
            <div className="row actions">
              <button
                type="button"
                onClick={() => {
                  setSaved(false);
                  setMode('edit');
                }}
              >
                {t('intents.edit')}
              </button>
              <button
                type="button"
                className="button-secondary"
                disabled={update.isPending}
                onClick={() => update.mutate({ is_active: !intent.is_active })}
              >
                {intent.is_active ? t('intents.deactivate') : t('intents.activate')}
              </button>
              <button type="button" className="button-danger" onClick={() => setMode('delete')}>
                {t('intents.delete')}
              </button>
            </div>
          )}
          <ErrorMessage error={update.error} />
          {mode === 'delete' && (
            <Confirm
              question={t('intents.deleteConfirm', { name: intent.name })}
              yes={t('intents.deleteYes')}
              busy={remove.isPending}
              error={remove.error}
              onCancel={() => setMode('view')}
              // mutateAsync: the list drops the intent before this card could hear a mutate() callback.
              onYes={() =>
                remove.mutateAsync().then(
                  () => navigate(`/bots/${bot.id}/intents`),
                  () => undefined,
                )
              }
            />
          )}
        </>
      )}
    </section>
  );
}

function MatchedMessages({ bot, intent }: { bot: Bot; intent: Intent }) {
  const page = Math.max(1, Number(useSearchParam('page')) || 1);
  const messages = useIntentMessages(bot.id, intent.id, (page - 1) * INTENT_MESSAGES_PAGE);
  const total = messages.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / INTENT_MESSAGES_PAGE));
  const pageUrl = (n: number) => `/bots/${bot.id}/intents/${intent.id}${n > 1 ? `?page=${n}` : ''}`;
  return (
    <section className="card" aria-labelledby="matched-title">
      <div className="card-head">
        <h2 id="matched-title">{t('intents.matched')}</h2>
        {messages.data && <span className="muted">{t('contacts.total', { total: formatNumber(total) })}</span>}
      </div>
      <QueryState query={messages}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState>{t('intents.matchedEmpty')}</EmptyState>
          ) : (
            <ul className="matched">
              {data.map((message) => (
                <li key={message.id} className="matched-item" style={{ borderLeftColor: intent.color }}>
                  <p className="message-text">{message.text || <span className="muted">{t('dialogs.noText')}</span>}</p>
                  <p className="matched-meta muted">
                    <Link href={`/bots/${bot.id}/dialogs/${encodeURIComponent(message.external_user_id)}`}>
                      {t('intents.openDialog', { id: message.external_user_id })}
                    </Link>
                    <time dateTime={message.created_at}>{formatMessageTime(message.created_at)}</time>
                  </p>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <Pager page={page} pages={pages} hrefFor={pageUrl} />
    </section>
  );
}
