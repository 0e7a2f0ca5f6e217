import { dialogChatId } from './messages-statement';

describe('dialogChatId: the chat a stored update belongs to, kept on the message for the avatars', () => {
  it.each([
    [
      'a MAX message_created (the recipient chat)',
      { update_type: 'message_created', message: { recipient: { chat_id: 880001 } } },
      '880001',
    ],
    ['a MAX bot_started (chat_id at the top)', { update_type: 'bot_started', chat_id: -77 }, '-77'],
    ['a chat id given as text', { chat_id: '12345678901234567890' }, '12345678901234567890'],
    ['a chat id with what PostgreSQL refuses in text', { chat_id: 'a\u0000b\ud800' }, 'a\ufffdb\ufffd'],
    ['a Telegram update (neither)', { update_id: 1, message: { chat: { id: 5 } } }, null],
    ['a chat id that is no number or text', { chat_id: { id: 1 } }, null],
    ['no copy at all', undefined, null],
    ['a non-object copy', 'text', null],
  ])('%s', (_case, raw, expected) => {
    expect(dialogChatId(raw)).toBe(expected);
  });
});
