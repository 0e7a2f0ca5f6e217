import { useState } from 'react';
import type { Bot } from '../../api/queries/useBots';
import { Intent, useIntents } from '../../api/queries/useIntents';
import { useCanWrite } from '../../api/queries/useMe';
import { EmptyState, Notice, QueryState } from '../../components/feedback';
import { TableWrap } from '../../components/TableWrap';
import { formatNumber, t } from '../../i18n';
import { IntentForm } from './IntentForm';
import { IntentName, IntentState } from './IntentBits';
import { IntentPage } from './IntentPage';

/** `/bots/:id/intents`: every intent with its colour, rules, counts and state; `/bots/:id/intents/:intentId`: one of them. */
export default function IntentsPage({ bot, intentId }: { bot: Bot; intentId?: string }) {
  return (
    <QueryState query={useIntents(bot.id)}>
      {({ data }) =>
        intentId ? (
          <IntentPage bot={bot} intent={data.find((intent) => intent.id === intentId)} />
        ) : (
          <IntentList bot={bot} list={data} />
        )
      }
    </QueryState>
  );
}

function IntentList({ bot, list }: { bot: Bot; list: Intent[] }) {
  const canWrite = useCanWrite();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  return (
    <section className="card" aria-labelledby="intents-title">
      <div className="card-head">
        <h2 id="intents-title">{t('intents.title')}</h2>
        {canWrite && !creating && (
          <button
            type="button"
            onClick={() => {
              setCreating(true);
              setCreated(null);
            }}
          >
            {t('intents.new')}
          </button>
        )}
      </div>
      <p className="muted">{t('intents.about')}</p>
      {created && <Notice>{t('intents.created', { name: created })}</Notice>}
      {creating && (
        <div className="subcard">
          <div className="card-head">
            <h3>{t('intents.newTitle')}</h3>
            <button type="button" className="button-secondary" onClick={() => setCreating(false)}>
              {t('confirm.cancel')}
            </button>
          </div>
          <IntentForm
            botId={bot.id}
            onDone={(intent) => {
              setCreating(false);
              setCreated(intent.name);
            }}
          />
        </div>
      )}
      {list.length === 0 && !creating && (
        <EmptyState title={t('intents.empty.title')}>
          <p>{canWrite ? t('intents.empty.text') : t('intents.empty.observer')}</p>
        </EmptyState>
      )}
      {list.length > 0 && <IntentsTable botId={bot.id} intents={list} />}
    </section>
  );
}

function IntentsTable({ botId, intents }: { botId: string; intents: Intent[] }) {
  return (
    <TableWrap label={t('intents.title')}>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('intents.col.intent')}</th>
            <th scope="col">{t('intents.col.rules')}</th>
            <th scope="col" className="num">
              {t('intents.col.users')}
            </th>
            <th scope="col" className="num">
              {t('intents.col.messages')}
            </th>
            <th scope="col">{t('intents.col.state')}</th>
          </tr>
        </thead>
        <tbody>
          {intents.map((intent) => (
            <tr key={intent.id}>
              <td>
                <IntentName intent={intent} href={`/bots/${botId}/intents/${intent.id}`} />
                {intent.description && <span className="cell-note muted">{intent.description}</span>}
              </td>
              <td className="wrap">
                <RulesSummary intent={intent} />
              </td>
              <td className="num">{formatNumber(intent.users_count)}</td>
              <td className="num">{formatNumber(intent.messages_count)}</td>
              <td>
                <IntentState active={intent.is_active} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

const SHOWN_KEYWORDS = 4;

function RulesSummary({ intent }: { intent: Intent }) {
  const more = intent.keywords.length - SHOWN_KEYWORDS;
  return (
    <span className="rules">
      {intent.keywords.slice(0, SHOWN_KEYWORDS).map((keyword) => (
        <span key={keyword} className="chip-value chip-static">
          {keyword}
        </span>
      ))}
      {more > 0 && <span className="muted">{t('intents.moreKeywords', { count: more })}</span>}
      {intent.patterns.length > 0 && (
        <span className="muted">{t('intents.patternsCount', { count: intent.patterns.length })}</span>
      )}
    </span>
  );
}
