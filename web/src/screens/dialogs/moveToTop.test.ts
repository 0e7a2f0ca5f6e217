import { describe, expect, it } from 'vitest';
import { moveToTop } from '../../api/queries/useLiveDialogs';

const dialog = (id: string, text: string) => ({
  id: `c${id}`,
  external_user_id: id,
  username: null,
  first_name: `User ${id}`,
  last_name: null,
  last_text: text,
  last_direction: 'in' as const,
  last_at: '2026-01-01T10:00:00.000Z',
  messages_total: 2,
  awaiting_since: null,
  waited_s: null,
});

describe('a live dialog update', () => {
  it('moves its dialog to the top with the new text, time and count', () => {
    const list = { data: [dialog('1', 'a'), dialog('2', 'b'), dialog('3', 'c')], limit: 200 };
    const next = moveToTop(list, {
      bot_id: 'b',
      external_user_id: '3',
      last_text: 'new',
      last_direction: 'out',
      last_at: '2026-01-01T11:00:00.000Z',
    });
    expect(next.data.map((d) => [d.external_user_id, d.last_text, d.last_direction, d.messages_total])).toEqual([
      ['3', 'new', 'out', 3],
      ['1', 'a', 'in', 2],
      ['2', 'b', 'in', 2],
    ]);
    expect(list.data[2].last_text).toBe('c');
  });

  it('leaves the list alone for a dialog it does not hold (the list is read again instead)', () => {
    const list = { data: [dialog('1', 'a')], limit: 200 };
    expect(
      moveToTop(list, {
        bot_id: 'b',
        external_user_id: '9',
        last_text: 'x',
        last_direction: 'in',
        last_at: '2026-01-01T11:00:00.000Z',
      }),
    ).toBe(list);
  });
});
