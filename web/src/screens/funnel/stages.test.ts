import { describe, expect, it } from 'vitest';
import { moveStage, newStage, overallConversion, stageOfError, toDrafts, toStages } from './stages';

describe('funnel stage builder', () => {
  it('moves a stage up and down, and leaves the list alone at either end', () => {
    const [a, b, c] = [newStage({ name: 'a' }), newStage({ name: 'b' }), newStage({ name: 'c' })];
    expect(moveStage([a, b, c], 2, -1).map((s) => s.name)).toEqual(['a', 'c', 'b']);
    expect(moveStage([a, b, c], 0, 1).map((s) => s.name)).toEqual(['b', 'a', 'c']);
    expect(moveStage([a, b, c], 0, -1)).toEqual([a, b, c]);
    expect(moveStage([a, b, c], 2, 1)).toEqual([a, b, c]);
  });

  it('sends match on text and button stages only, with names trimmed and button data as typed', () => {
    const drafts = [
      newStage({ name: ' Старт ', type: 'command', match: 'contains', value: '/start' }),
      newStage({ name: 'Цена', type: 'text', match: 'contains', value: 'цена' }),
      newStage({ name: 'Доставка', type: 'intent', value: 'delivery' }),
      newStage({ name: 'Тариф', type: 'button', match: 'contains', value: 'plan: ' }),
    ];
    expect(toStages(drafts)).toEqual([
      { name: 'Старт', type: 'command', value: '/start' },
      { name: 'Цена', type: 'text', match: 'contains', value: 'цена' },
      { name: 'Доставка', type: 'intent', value: 'delivery' },
      { name: 'Тариф', type: 'button', match: 'contains', value: 'plan: ' },
    ]);
  });

  it('reads stored stages back with exact as the default match, each with its own key', () => {
    const drafts = toDrafts([
      { name: 'Старт', type: 'command', value: '/start' },
      { name: 'Оплата', type: 'text', match: 'contains', value: 'оплат' },
    ]);
    expect(drafts.map(({ name, type, match, value }) => ({ name, type, match, value }))).toEqual([
      { name: 'Старт', type: 'command', match: 'exact', value: '/start' },
      { name: 'Оплата', type: 'text', match: 'contains', value: 'оплат' },
    ]);
    expect(new Set(drafts.map((d) => d.key)).size).toBe(2);
  });

  it('finds the stage a refusal names', () => {
    expect(stageOfError('stages[2].match must be exact or contains')).toBe(2);
    expect(stageOfError('stages must contain 1 to 20 stages')).toBeNull();
  });

  it('computes the conversion from the first stage to the last', () => {
    expect(overallConversion([{ reached: 4 }, { reached: 2 }, { reached: 1 }])).toBe(0.25);
    expect(overallConversion([{ reached: 0 }, { reached: 0 }])).toBeNull();
    expect(overallConversion([{ reached: 3 }])).toBeNull();
  });
});
