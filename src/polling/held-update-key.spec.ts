import { heldUpdateKey } from './held-update-key';

describe('heldUpdateKey: how a pushed update is filed for a polling bot', () => {
  it('files a Telegram update by update_id under its payload type', () => {
    const update = { update_id: 41, callback_query: { id: 'q' } };
    expect(heldUpdateKey('telegram', update, JSON.stringify(update))).toEqual({
      updateId: 41,
      updateType: 'callback_query',
      dedupeKey: 'tg:41',
    });
  });

  it('gives a MAX message the same key on redelivery and a different one for a later edit of it', () => {
    const created = { update_type: 'message_created', timestamp: 1000, message: { body: { mid: 'mid.1' } } };
    const edited = { update_type: 'message_edited', timestamp: 2000, message: { body: { mid: 'mid.1' } } };
    const editedAgain = { ...edited, timestamp: 3000 };
    const key = (u: Record<string, unknown>) => heldUpdateKey('max', u, JSON.stringify(u)).dedupeKey;
    expect(key(created)).toBe('max:message_created:1000:mid:mid.1');
    expect(key({ ...created })).toBe(key(created));
    expect(new Set([key(created), key(edited), key(editedAgain)]).size).toBe(3);
    expect(heldUpdateKey('max', created, '').updateId).toBeNull();
  });

  it('keys MAX events without a message by callback id or by chat and user', () => {
    const callback = { update_type: 'message_callback', timestamp: 5, callback: { callback_id: 'cb7' }, message: null };
    const started = { update_type: 'bot_started', timestamp: 6, chat_id: 10, user: { user_id: 20 } };
    expect(heldUpdateKey('max', callback, '').dedupeKey).toBe('max:message_callback:5:cb:cb7');
    expect(heldUpdateKey('max', started, '').dedupeKey).toBe('max:bot_started:6:chat:10:20');
  });

  it('falls back to a digest of the bytes when an update carries nothing to key it by', () => {
    const odd = { something: true };
    const raw = JSON.stringify(odd);
    expect(heldUpdateKey('telegram', odd, raw).dedupeKey).toMatch(/^raw:[0-9a-f]{64}$/);
    expect(heldUpdateKey('max', odd, raw).dedupeKey).toBe(heldUpdateKey('telegram', odd, raw).dedupeKey);
  });
});
