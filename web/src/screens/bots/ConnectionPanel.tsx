import type { Bot } from '../../api/queries/useBots';
import { useConnectWebhook, useDisconnectWebhook, useWebhookStatus } from '../../api/queries/useWebhook';
import { CopyField } from '../../components/CopyField';
import { ErrorMessage, QueryState } from '../../components/feedback';
import { formatDateTime, t } from '../../i18n';
import { mirrorSnippets } from './snippets';

/** Everything needed to point the bot at Botlens: both addresses, a line per library, the webhook. */
export function ConnectionPanel({ bot, canWrite }: { bot: Bot; canWrite: boolean }) {
  return (
    <section className="card" aria-labelledby="connect-title" id="connect">
      <h2 id="connect-title">{t('connect.title')}</h2>
      <p className="muted">{t('connect.mirrorHint')}</p>
      <CopyField label={t('connect.mirrorUrl')} value={bot.mirror_url} />
      <h3>{t('connect.snippets')}</h3>
      {mirrorSnippets(bot).map((snippet) => (
        <CopyField key={snippet.library} label={snippet.library} value={snippet.code} />
      ))}
      <h3>{t('connect.webhook.title')}</h3>
      <p className="muted">{t('connect.webhook.hint')}</p>
      <CopyField label={t('connect.proxyUrl')} value={bot.proxy_url} />
      {bot.has_token ? (
        <WebhookStatus bot={bot} canWrite={canWrite} />
      ) : (
        <p className="alert alert-info">{t('connect.webhook.needsToken')}</p>
      )}
      <p className={bot.last_forward_error ? 'alert alert-error' : 'muted'}>
        {bot.last_forward_error
          ? t('connect.forwardError', { error: bot.last_forward_error, at: formatDateTime(bot.last_forward_at) })
          : t('connect.forwardOk')}
      </p>
    </section>
  );
}

function WebhookStatus({ bot, canWrite }: { bot: Bot; canWrite: boolean }) {
  const status = useWebhookStatus(bot.id, true);
  const connect = useConnectWebhook(bot.id);
  const disconnect = useDisconnectWebhook(bot.id);
  return (
    <div className="webhook" aria-live="polite">
      <QueryState query={status}>
        {(info) => (
          <>
            <p>
              <span className={info.connected ? 'badge badge-ok' : 'badge badge-off'}>
                {info.connected ? t('connect.webhook.connected') : t('connect.webhook.notConnected')}
              </span>
              {info.pending_update_count ? (
                <span className="muted"> {t('connect.webhook.pending', { count: info.pending_update_count })}</span>
              ) : null}
            </p>
            {info.last_error_message && (
              <p className="alert alert-error">
                {t('connect.webhook.lastError', {
                  message: info.last_error_message,
                  at: formatDateTime(info.last_error_at),
                })}
              </p>
            )}
          </>
        )}
      </QueryState>
      <ErrorMessage error={connect.error ?? disconnect.error} />
      {canWrite && (
        <div className="row">
          <button type="button" disabled={connect.isPending} onClick={() => connect.mutate()}>
            {t('connect.webhook.connect')}
          </button>
          {status.data?.connected && (
            <button
              type="button"
              className="button-secondary"
              disabled={disconnect.isPending}
              onClick={() => disconnect.mutate()}
            >
              {t('connect.webhook.disconnect')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
