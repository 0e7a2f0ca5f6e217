import type { Bot } from '../../api/queries/useBots';
import { useDialogs } from '../../api/queries/useDialogs';
import { useLiveDialogs } from '../../api/queries/useLiveDialogs';
import { Link } from '../../app/router';
import { CsvDownload } from '../../components/CsvDownload';
import { EmptyState, QueryState } from '../../components/feedback';
import { formatMessageTime, t } from '../../i18n';
import { contactName } from '../contacts/names';
import { Conversation } from './Conversation';

/** Dialogs on the left, kept current over the websocket; the open conversation on the right (alone on a phone). */
export default function DialogsPage({ bot, userId }: { bot: Bot; userId?: string }) {
  const dialogs = useDialogs(bot.id);
  const online = useLiveDialogs(bot.id);
  return (
    <div className={userId ? 'dialogs dialogs-open' : 'dialogs'}>
      <section className="dialog-list" aria-labelledby="dialogs-title">
        <div className="card-head">
          <h2 id="dialogs-title">{t('dialogs.title')}</h2>
          <span className={online ? 'live live-on' : 'live'} role="status">
            {online ? t('dialogs.live') : t('dialogs.offline')}
          </span>
          <CsvDownload path={`/api/bots/${bot.id}/messages/export.csv`} />
        </div>
        <QueryState query={dialogs}>
          {({ data }) =>
            data.length === 0 ? (
              <EmptyState>{t('dialogs.empty')}</EmptyState>
            ) : (
              <ul className="dialog-items">
                {data.map((dialog) => (
                  <li key={dialog.external_user_id}>
                    <Link
                      href={`/bots/${bot.id}/dialogs/${encodeURIComponent(dialog.external_user_id)}`}
                      aria-current={dialog.external_user_id === userId ? 'page' : undefined}
                      className="dialog-item"
                    >
                      <span className="dialog-name">{contactName(dialog)}</span>
                      <time dateTime={dialog.last_at} className="muted">
                        {formatMessageTime(dialog.last_at)}
                      </time>
                      <span className="dialog-text">
                        {dialog.last_direction === 'out' && <span className="muted">{t('dialogs.you')}: </span>}
                        {dialog.last_text}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </section>
      <section className="conversation-pane" aria-label={t('dialogs.conversation')}>
        {userId ? (
          <>
            <Link href={`/bots/${bot.id}/dialogs`} className="back-link">
              ← {t('dialogs.back')}
            </Link>
            <Conversation bot={bot} userId={userId} />
          </>
        ) : (
          <EmptyState>{t('dialogs.pick')}</EmptyState>
        )}
      </section>
    </div>
  );
}
