import { useState } from 'react';
import type { Bot } from '../../api/queries/useBots';
import { useBroadcasts } from '../../api/queries/useBroadcasts';
import { useCanWrite } from '../../api/queries/useMe';
import { Link } from '../../app/router';
import { EmptyState, QueryState } from '../../components/feedback';
import { t } from '../../i18n';
import { BroadcastList } from './BroadcastList';
import { Composer } from './Composer';
import { OutcomeCard } from './OutcomeCard';

/**
 * `/bots/:id/broadcasts`: the composer (for writers, on a bot with a token), the list of broadcasts,
 * and above the list the outcome card of the newest broadcast, or of the one whose «Итоги» was pressed.
 */
export default function BroadcastsPage({ bot }: { bot: Bot }) {
  const canWrite = useCanWrite();
  const broadcasts = useBroadcasts(bot.id);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const list = broadcasts.data?.data ?? [];
  const shown = list.find((broadcast) => broadcast.id === chosenId) ?? list[0] ?? null;
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
      {shown && <OutcomeCard broadcast={shown} />}
      <section className="card" aria-labelledby="broadcasts-title">
        <h2 id="broadcasts-title">{t('broadcasts.title')}</h2>
        <QueryState query={broadcasts}>
          {({ data }) =>
            data.length === 0 ? (
              <EmptyState>
                {canWrite && bot.has_token ? t('broadcasts.empty') : t('broadcasts.emptyObserver')}
              </EmptyState>
            ) : (
              <BroadcastList
                botId={bot.id}
                broadcasts={data}
                canWrite={canWrite}
                shownId={shown?.id ?? null}
                onShow={(id) => {
                  setChosenId(id);
                  document.getElementById('outcomes-title')?.scrollIntoView({ block: 'nearest' });
                }}
              />
            )
          }
        </QueryState>
      </section>
    </>
  );
}
