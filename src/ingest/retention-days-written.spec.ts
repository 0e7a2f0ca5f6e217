import { RetentionDaysWritten } from './retention-days-written';

const seen = (contactId: string, at: string) => ({ botId: 'b', contactId, at: new Date(at) });

describe('RetentionDaysWritten', () => {
  it('skips a contact-day only once a batch that wrote it is remembered (after commit)', () => {
    const days = new RetentionDaysWritten();
    const first = [seen('c1', '2026-11-27T10:00:00Z')];
    expect(days.unwritten(first)).toEqual(first);
    // Not committed yet (or rolled back): still to write.
    expect(days.unwritten(first)).toEqual(first);
    days.remember(first);
    expect(days.unwritten([seen('c1', '2026-11-27T23:59:59Z')])).toEqual([]);
    expect(days.unwritten([seen('c1', '2026-11-28T00:00:00Z')])).toHaveLength(1);
    expect(days.unwritten([seen('c2', '2026-11-27T10:00:00Z')])).toHaveLength(1);
  });

  it('keeps the newest day of a contact when a back-dated one is written after it', () => {
    const days = new RetentionDaysWritten();
    days.remember([seen('c1', '2026-11-27T10:00:00Z')]);
    days.remember([seen('c1', '2026-11-20T10:00:00Z')]);
    expect(days.unwritten([seen('c1', '2026-11-27T12:00:00Z')])).toEqual([]);
    expect(days.unwritten([seen('c1', '2026-11-20T12:00:00Z')])).toHaveLength(1);
  });

  it('forgets the least recently written contacts past its capacity', () => {
    const days = new RetentionDaysWritten(2);
    days.remember([seen('c1', '2026-11-27T10:00:00Z'), seen('c2', '2026-11-27T10:00:00Z')]);
    days.remember([seen('c1', '2026-11-28T10:00:00Z'), seen('c3', '2026-11-28T10:00:00Z')]);
    expect(days.size).toBe(2);
    expect(days.unwritten([seen('c2', '2026-11-27T11:00:00Z')])).toHaveLength(1);
    expect(days.unwritten([seen('c1', '2026-11-28T11:00:00Z'), seen('c3', '2026-11-28T11:00:00Z')])).toEqual([]);
  });
});
