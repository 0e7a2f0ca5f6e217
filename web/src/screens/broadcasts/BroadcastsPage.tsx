import type { Bot } from '../../api/queries/useBots';
import { useBroadcasts } from '../../api/queries/useBroadcasts';
import { useCanWrite } from '../../api/queries/useMe';
import { Link } from '../../app/router';
import { EmptyState, QueryState } from '../../components/feedback';
import { t } from '../../i18n';
import { BroadcastList } from './BroadcastList';
import { Composer } from './Composer';

/** `/bots/:id/broadcasts`: the composer (for writers, on a bot with a token) above the list of broadcasts. */
export default function BroadcastsPage({ bot }: { bot: Bot }) {
  const canWrite = useCanWrite();
  const broadcasts = useBroadcasts(bot.id);
  return (
    <>
      {canWrite &&
        (bot.has_token ? (
          <Composer bot={bot} />
        ) : (
          <p className="alert alert-info">
            {t('broadcasts.noToken')} <Link href={`/bots/${bot.id}/settings`}>{t('broadcasts.toSettings')}</Link>
          </p>
        ))}
      <section className="card" aria-labelledby="broadcasts-title">
        <h2 id="broadcasts-title">{t('broadcasts.title')}</h2>
        <QueryState query={broadcasts}>
          {({ data }) =>
            data.length === 0 ? (
              <EmptyState>
                {canWrite && bot.has_token ? t('broadcasts.empty') : t('broadcasts.emptyObserver')}
              </EmptyState>
            ) : (
              <BroadcastList botId={bot.id} broadcasts={data} canWrite={canWrite} />
            )
          }
        </QueryState>
      </section>
    </>
  );
}
