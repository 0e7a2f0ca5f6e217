import type { FunnelStage } from '../../api/queries/useFunnel';

export const MAX_STAGES = 20;

/** A stage as the builder edits it: `match` is kept while the type changes, and sent for text and button stages only. */
export interface StageDraft {
  /** Stable across reordering, for React. */
  key: number;
  name: string;
  type: FunnelStage['type'];
  match: NonNullable<FunnelStage['match']>;
  value: string;
}

let nextKey = 1;

export function newStage(partial: Partial<Omit<StageDraft, 'key'>> = {}): StageDraft {
  return { key: nextKey++, name: '', type: 'text', match: 'exact', value: '', ...partial };
}

export function toDrafts(stages: FunnelStage[]): StageDraft[] {
  return stages.map((stage) =>
    newStage({ name: stage.name, type: stage.type, match: stage.match ?? 'exact', value: stage.value }),
  );
}

/** The PUT body's stages, in the builder's order. */
export function toStages(drafts: StageDraft[]): FunnelStage[] {
  return drafts.map(({ name, type, match, value }) => {
    if (type === 'text') return { name: name.trim(), type, match, value };
    // A button's data is compared exactly, spaces included: sent as typed.
    if (type === 'button') return { name: name.trim(), type, match, value };
    return { name: name.trim(), type, value: value.trim() };
  });
}

/** The list with stage `index` moved `by` places (−1 up, +1 down); unchanged at either end. */
export function moveStage(drafts: StageDraft[], index: number, by: -1 | 1): StageDraft[] {
  const target = index + by;
  if (target < 0 || target >= drafts.length) return drafts;
  const moved = [...drafts];
  [moved[index], moved[target]] = [moved[target], moved[index]];
  return moved;
}

/** The stage a refusal names (`stages[2].match must be exact or contains`), or null for the funnel as a whole. */
export function stageOfError(message: string): number | null {
  const found = /^stages\[(\d+)\]/.exec(message);
  return found ? Number(found[1]) : null;
}

/** The share of the first stage's contacts that reached the last one; null when nobody reached the first. */
export function overallConversion(stages: Array<{ reached: number }>): number | null {
  if (stages.length < 2 || stages[0].reached === 0) return null;
  return stages[stages.length - 1].reached / stages[0].reached;
}
