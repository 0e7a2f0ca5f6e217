import type { FactBatchItem } from '../fact-store';
import { Fact, isMoneyFact } from '../facts';

/**
 * One account's share of a batch cut to what its cap still allows: facts are taken in time order
 * until `allowance` new messages are kept; everything after that (messages, blocks, presses) is dropped, as
 * the cap stops all recording, except payments and refunds, which are always kept. A message repeated in the
 * batch (same bot and dedupe key) counts once, since it is stored once. Items keep their other fields
 * (`alongside` statements still run).
 */
export function keepWithinAllowance<T extends FactBatchItem>(items: T[], allowance: number): T[] {
  // Array#sort is stable: facts of the same moment keep their arrival order.
  const timeline = items
    .flatMap((item) => item.facts.map((fact) => ({ botId: item.bot.id, fact })))
    .sort((a, b) => a.fact.at.getTime() - b.fact.at.getTime());
  const kept = new Set<Fact>();
  const countedMessages = new Set<string>();
  for (const { botId, fact } of timeline) {
    if (countedMessages.size >= allowance) {
      if (isMoneyFact(fact)) kept.add(fact);
      continue;
    }
    kept.add(fact);
    if (fact.kind === 'message') countedMessages.add(`${botId}\u0000${fact.dedupeKey}`);
  }
  if (kept.size === timeline.length) return items;
  return items.map((item) => ({ ...item, facts: item.facts.filter((fact) => kept.has(fact)) }));
}
