import { useState } from 'react';
import type { Bot } from '../../api/queries/useBots';
import { useHealth } from '../../api/queries/useHealth';
import { useCanWrite } from '../../api/queries/useMe';
import { QueryState } from '../../components/feedback';
import { t } from '../../i18n';
import { lastDays } from '../links/period';
import { AlertHistory } from './AlertHistory';
import { AlertRulesForm } from './AlertRulesForm';
import { PlatformErrors } from './PlatformErrors';
import { ReplyTimes } from './ReplyTimes';
import { RulesSummary } from './RulesSummary';
import { WaitingDialogs } from './WaitingDialogs';
import { DaysChoice } from '../../components/ChipChoice';

const PERIODS = [7, 30, 90] as const;

/**
 * `/bots/:id/health`: how fast the bot answers and whom it left waiting first (what an owner comes for), then the
 * platform's refusals, the alerts it raised, and the rules that raise them.
 */
export default function HealthPage({ bot }: { bot: Bot }) {
  const canWrite = useCanWrite();
  const [days, setDays] = useState<number>(7);
  const { from, to } = lastDays(days);
  const health = useHealth(bot.id, from, to);
  return (
    <>
      <section className="card" aria-labelledby="reply-title">
        <div className="card-head">
          <h2 id="reply-title">{t('health.reply.title')}</h2>
          <DaysChoice values={PERIODS} value={days} onChange={setDays} />
        </div>
        <QueryState query={health}>{(report) => <ReplyTimes report={report} bot={bot} />}</QueryState>
      </section>
      <WaitingDialogs bot={bot} />
      <QueryState query={health}>{(report) => <PlatformErrors report={report} />}</QueryState>
      <AlertHistory botId={bot.id} />
      <section className="card" aria-labelledby="rules-title">
        <h2 id="rules-title">{t('health.rules.title')}</h2>
        <p className="muted">{t('health.rules.about')}</p>
        {canWrite ? <AlertRulesForm key={bot.id} bot={bot} /> : <RulesSummary bot={bot} />}
      </section>
    </>
  );
}
