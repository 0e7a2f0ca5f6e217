import type { Bot } from '../../api/queries/useBots';
import { useWaitingDialogs } from '../../api/queries/useHealth';
import { Link } from '../../app/router';
import { formatDuration } from '../../components/duration';
import { QueryState } from '../../components/feedback';
import { TableWrap } from '../../components/TableWrap';
import { formatDateTime, t } from '../../i18n';
import { contactName } from '../contacts/names';

/** The people waiting for an answer past the reply window, the longest wait first, each a click from its dialog. */
export function WaitingDialogs({ bot }: { bot: Bot }) {
  const waiting = useWaitingDialogs(bot.id);
  return (
    <section className="card" aria-labelledby="waiting-title">
      <h2 id="waiting-title">{t('health.waiting.title')}</h2>
      <QueryState query={waiting}>
        {({ data }) =>
          data.length === 0 ? (
            <p className="muted">{t('health.waiting.none', { window: formatDuration(bot.reply_window_s * 1000) })}</p>
          ) : (
            <TableWrap label={t('health.waiting.title')}>
              <table className="waiting">
                <thead>
                  <tr>
                    <th scope="col">{t('health.waiting.contact')}</th>
                    <th scope="col">{t('health.waiting.message')}</th>
                    <th scope="col" className="num">
                      {t('health.waiting.waited')}
                    </th>
                    <th scope="col">{t('health.waiting.since')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((dialog) => (
                    <tr key={dialog.external_user_id}>
                      <th scope="row">
                        <Link href={`/bots/${bot.id}/dialogs/${encodeURIComponent(dialog.external_user_id)}`}>
                          {contactName(dialog)}
                        </Link>
                      </th>
                      <td className="dialog-text">{dialog.last_text}</td>
                      <td className="num">
                        {formatDuration(dialog.waited_s === null ? null : dialog.waited_s * 1000)}
                      </td>
                      <td>{formatDateTime(dialog.awaiting_since)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          )
        }
      </QueryState>
    </section>
  );
}
