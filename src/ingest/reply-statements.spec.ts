import type { NewMessageRow } from './messages-statement';
import { dialogReplies } from './reply-statements';

const at = (second: number) => new Date(Date.UTC(2026, 10, 29, 12, 0, second));
let sequence = 0;
const row = (contact: string, direction: 'in' | 'out', second: number): NewMessageRow => ({
  id: `m${++sequence}`,
  bot_id: 'bot',
  contact_id: contact,
  external_user_id: contact,
  direction,
  text: null,
  created_at: at(second),
  dedupe_key: `k${sequence}`,
});

describe('dialogReplies: the answers a batch joins against its dialogs', () => {
  it("keeps of a dialog's answers the oldest, the first at or after each new inbound message, and the newest", () => {
    const messages = [
      ...[1, 2, 3, 4].map((s) => row('a', 'out', s)),
      row('a', 'in', 5),
      ...[6, 7, 8, 9, 10].map((s) => row('a', 'out', s)),
      row('a', 'in', 12),
    ];
    const [dialog] = dialogReplies(messages, () => false);
    expect(dialog.outs).toEqual([at(1), at(6), at(10)]);
    expect(dialog.lastOut).toEqual(at(10));
    // The message after the newest answer waits: the dialog waits again from it.
    expect(dialog.firstInAfter).toEqual(at(12));
    expect(dialog.firstIn).toEqual(at(5));
  });

  it('a thousand sends into one chat join as two answers; broadcasts answer nobody', () => {
    const sends = Array.from({ length: 1000 }, (_, i) => row('b', 'out', i % 60));
    const broadcast = row('c', 'out', 3);
    const dialogs = dialogReplies([...sends, broadcast], (m) => m === broadcast);
    expect(dialogs.map((d) => [d.contactId, d.outs])).toEqual([['b', [at(0), at(59)]]]);
  });
});
