import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import type { BroadcastOutcomesDto } from './broadcast.dto';
import { BroadcastOutcomesQueries, noOutcomes } from './broadcast-outcomes.queries';
import type { WinnerMetric } from './broadcast-plan';
import { BroadcastRow, BroadcastStore } from './broadcast-store';

/**
 * The best variant by the metric, per delivered recipient (so a variant that reached fewer is not at a
 * disadvantage), ties to the first. Revenue is compared in the test's leading currency: the one with the most
 * payers over all variants (then by code); nets of different currencies are never added.
 */
export function pickWinner(metric: WinnerMetric, variants: BroadcastOutcomesDto[]): number {
  const score = scorer(metric, variants);
  let best = 0;
  for (let i = 1; i < variants.length; i++) {
    // a/x > b/y without division: a·y > b·x (a variant with no deliveries scores 0).
    const [a, x] = [score(variants[i]), variants[i].delivered];
    const [b, y] = [score(variants[best]), variants[best].delivered];
    if (x > 0 && (y === 0 ? a > 0 : a * y > b * x)) best = i;
  }
  return best;
}

function scorer(metric: WinnerMetric, variants: BroadcastOutcomesDto[]): (o: BroadcastOutcomesDto) => number {
  if (metric === 'clicked') return (o) => o.clicked;
  if (metric === 'replied') return (o) => o.replied;
  const payers = new Map<string, number>();
  for (const o of variants) for (const r of o.revenue) payers.set(r.currency, (payers.get(r.currency) ?? 0) + r.payers);
  const leading = [...payers].sort((p, q) => q[1] - p[1] || (p[0] < q[0] ? -1 : 1))[0]?.[0];
  return (o) => o.revenue.find((r) => r.currency === leading)?.net ?? 0;
}

/** What an A/B broadcast whose test share is sent does next. */
export type TestVerdict = { kind: 'wait'; until: Date } | { kind: 'chosen' };

/**
 * Chooses an A/B broadcast's winner once its time has come: `winner_after_minutes` after the test share's last
 * send (a minute is BROADCAST_WINNER_MINUTE_MS). Until then the run answers when to look again (its job is
 * delayed until that moment); the choice itself is guarded in the database (BroadcastStore.chooseWinner).
 */
@Injectable()
export class BroadcastWinners {
  private readonly logger = new Logger('Broadcasts');
  private readonly minuteMs: number;

  constructor(
    private readonly store: BroadcastStore,
    private readonly outcomes: BroadcastOutcomesQueries,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'broadcastWinnerMinuteMs'>,
  ) {
    this.minuteMs = config.broadcastWinnerMinuteMs;
  }

  async decide(broadcast: BroadcastRow): Promise<TestVerdict> {
    const testFinishedAt = await this.store.finishTest(broadcast.id);
    const due = new Date(testFinishedAt.getTime() + (broadcast.winner_after_minutes ?? 0) * this.minuteMs);
    if (due.getTime() > Date.now()) return { kind: 'wait', until: due };
    const found = (await this.outcomes.of(broadcast.bot_id, [broadcast.id])).get(broadcast.id);
    const variants = (broadcast.variants ?? []).map((_, i) => found?.variants.get(i) ?? noOutcomes());
    const winner = pickWinner(broadcast.winner_metric ?? 'clicked', variants);
    if (await this.store.chooseWinner(broadcast.id, winner))
      this.logger.log(`broadcast ${broadcast.id}: variant ${winner} won by ${broadcast.winner_metric}`);
    return { kind: 'chosen' };
  }
}
