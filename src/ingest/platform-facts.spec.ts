import { maxForbiddenSendFacts, maxSentFacts, maxUpdateFacts } from './max-facts';
import { telegramForbiddenSendFacts, telegramSentFacts, telegramUpdateFacts, telegramWebhookReplyFacts } from './telegram-facts';

const user = { id: 7, is_bot: false, first_name: 'Ann', last_name: 'Lee', username: 'ann', language_code: 'en' };

describe('telegramUpdateFacts', () => {
  it('reads a private message with its sender profile; is_premium omitted is false', () => {
    const [fact] = telegramUpdateFacts({ update_id: 5, message: { message_id: 9, from: user, chat: { id: 7, type: 'private' }, date: 1700000000, text: 'hi' } });
    expect(fact).toMatchObject({
      kind: 'message',
      direction: 'in',
      dedupeKey: 'tg:update:5',
      externalUserId: '7',
      text: 'hi',
      platformMessageId: '9',
      at: new Date(1700000000 * 1000),
      profile: { username: 'ann', firstName: 'Ann', lastName: 'Lee', isPremium: false, languageCode: 'en' },
      touch: null,
    });
  });

  it('takes the caption of a media message as its text', () => {
    const [fact] = telegramUpdateFacts({ update_id: 6, message: { message_id: 1, from: user, chat: { id: 7, type: 'private' }, date: 1, caption: 'look' } });
    expect(fact).toMatchObject({ text: 'look' });
  });

  it('ignores groups, channels, bots and updates without a message', () => {
    expect(telegramUpdateFacts({ update_id: 1, message: { message_id: 1, from: user, chat: { id: -5, type: 'supergroup' }, date: 1, text: 'x' } })).toEqual([]);
    expect(telegramUpdateFacts({ update_id: 2, message: { message_id: 1, from: { ...user, is_bot: true }, chat: { id: 7, type: 'private' }, date: 1, text: 'x' } })).toEqual([]);
    expect(telegramUpdateFacts({ update_id: 3, callback_query: { id: 'q', from: user } })).toEqual([]);
    expect(telegramUpdateFacts(null)).toEqual([]);
  });
});

describe('telegramSentFacts', () => {
  it('reads sendMessage and caption-bearing sends from the answer, private chats only', () => {
    expect(telegramSentFacts('sendphoto', null, { message_id: 3, chat: { id: 7, type: 'private' }, date: 2, caption: 'pic' })).toEqual([
      expect.objectContaining({ direction: 'out', dedupeKey: 'tg:sent:7:3', externalUserId: '7', text: 'pic' }),
    ]);
    expect(telegramSentFacts('sendmessage', null, { message_id: 3, chat: { id: -7, type: 'group' }, date: 2, text: 'x' })).toEqual([]);
    expect(telegramSentFacts('getme', null, { id: 1 })).toEqual([]);
  });

  it('reads copyMessage from the call, since its answer is only the message id', () => {
    expect(telegramSentFacts('copymessage', { chat_id: '7', caption: 'copy' }, { message_id: 4 })).toEqual([
      expect.objectContaining({ direction: 'out', dedupeKey: 'tg:sent:7:4', text: 'copy' }),
    ]);
    expect(telegramSentFacts('copymessage', { chat_id: '@channel' }, { message_id: 4 })).toEqual([]);
  });

  it('reads a send answered 403 as a block of its private chat only', () => {
    const at = new Date(5000);
    expect(telegramForbiddenSendFacts({ chat_id: 7, text: 'x' }, at)).toEqual([{ kind: 'blocked', externalUserId: '7', at }]);
    expect(telegramForbiddenSendFacts({ chat_id: '7' }, at)).toEqual([{ kind: 'blocked', externalUserId: '7', at }]);
    expect(telegramForbiddenSendFacts({ chat_id: -1001234 }, at)).toEqual([]);
    expect(telegramForbiddenSendFacts({ chat_id: '@channel' }, at)).toEqual([]);
    expect(telegramForbiddenSendFacts({}, at)).toEqual([]);
    expect(telegramForbiddenSendFacts(null, at)).toEqual([]);
  });

  it('reads a webhook reply that sends a message', () => {
    expect(telegramWebhookReplyFacts({ method: 'sendMessage', chat_id: 7, text: 'hey' }, 'r1')).toEqual([
      expect.objectContaining({ direction: 'out', dedupeKey: 'tg:reply:r1', externalUserId: '7', text: 'hey' }),
    ]);
    expect(telegramWebhookReplyFacts({ method: 'answerCallbackQuery', callback_query_id: 'x' }, 'r2')).toEqual([]);
  });
});

describe('maxUpdateFacts', () => {
  const sender = { user_id: 42, first_name: 'Max', last_name: null, username: 'max42' };

  it('reads a dialog message with the locale, and the phone of a shared own contact', () => {
    const [fact] = maxUpdateFacts({
      update_type: 'message_created',
      timestamp: 1700000000123,
      user_locale: 'ru',
      message: {
        sender,
        recipient: { chat_id: 99, chat_type: 'dialog' },
        timestamp: 1700000000123,
        body: { mid: 'mid.a', text: null, attachments: [{ type: 'contact', payload: { vcf_info: 'BEGIN:VCARD\r\nTEL;TYPE=cell:+7 999 000\r\nEND:VCARD', max_info: sender } }] },
      },
    });
    expect(fact).toMatchObject({
      dedupeKey: 'max:message_created:mid.a',
      externalUserId: '42',
      at: new Date(1700000000123),
      phone: '+7 999 000',
      profile: { username: 'max42', firstName: 'Max', lastName: null, isPremium: false, languageCode: 'ru' },
    });
  });

  it('turns bot_started into "/start <payload>" and bot_stopped into a block; ignores group chats', () => {
    expect(maxUpdateFacts({ update_type: 'bot_started', timestamp: 5, chat_id: 99, user: sender, payload: 'vk' })).toEqual([
      expect.objectContaining({ text: '/start vk', touch: { parameter: 'vk' }, dedupeKey: 'max:bot_started:99:5' }),
    ]);
    expect(maxUpdateFacts({ update_type: 'bot_started', timestamp: 6, chat_id: 99, user: sender })).toEqual([
      expect.objectContaining({ text: '/start', touch: { parameter: null } }),
    ]);
    expect(maxUpdateFacts({ update_type: 'bot_stopped', timestamp: 7, chat_id: 99, user: sender })).toEqual([
      { kind: 'blocked', externalUserId: '42', at: new Date(7) },
    ]);
    expect(maxUpdateFacts({ update_type: 'message_created', timestamp: 1, message: { sender, recipient: { chat_type: 'chat' }, timestamp: 1, body: { mid: 'm' } } })).toEqual([]);
  });

  it('reads a POST /messages?user_id= answered 403 as a block of that user; a chat_id alone names no user', () => {
    const at = new Date(5000);
    expect(maxForbiddenSendFacts({ user_id: '42' }, at)).toEqual([{ kind: 'blocked', externalUserId: '42', at }]);
    expect(maxForbiddenSendFacts({ chat_id: '99' }, at)).toEqual([]);
    expect(maxForbiddenSendFacts({ user_id: 'abc' }, at)).toEqual([]);
    expect(maxForbiddenSendFacts(null, at)).toEqual([]);
  });

  it('reads a sent message from the POST /messages answer', () => {
    expect(maxSentFacts({ user_id: '42' }, { message: { recipient: { chat_id: 99, chat_type: 'dialog' }, timestamp: 9, body: { mid: 'mid.b', text: 'ok' } } })).toEqual([
      expect.objectContaining({ direction: 'out', dedupeKey: 'max:sent:mid.b', externalUserId: '42', text: 'ok' }),
    ]);
  });
});
