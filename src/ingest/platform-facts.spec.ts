import { maxForbiddenSendFacts, maxSentFacts, maxUpdateFacts } from './max-facts';
import {
  telegramForbiddenSendFacts,
  telegramSentFacts,
  telegramUpdateFacts,
  telegramWebhookReplyFacts,
} from './telegram-facts';

const user = { id: 7, is_bot: false, first_name: 'Ann', last_name: 'Lee', username: 'ann', language_code: 'en' };

describe('telegramUpdateFacts', () => {
  it('reads a private message with its sender profile; is_premium omitted is false', () => {
    const [fact] = telegramUpdateFacts({
      update_id: 5,
      message: { message_id: 9, from: user, chat: { id: 7, type: 'private' }, date: 1700000000, text: 'hi' },
    });
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
    const [fact] = telegramUpdateFacts({
      update_id: 6,
      message: { message_id: 1, from: user, chat: { id: 7, type: 'private' }, date: 1, caption: 'look' },
    });
    expect(fact).toMatchObject({ text: 'look' });
  });

  it('ignores groups, channels, bots and updates without a message', () => {
    expect(
      telegramUpdateFacts({
        update_id: 1,
        message: { message_id: 1, from: user, chat: { id: -5, type: 'supergroup' }, date: 1, text: 'x' },
      }),
    ).toEqual([]);
    expect(
      telegramUpdateFacts({
        update_id: 2,
        message: {
          message_id: 1,
          from: { ...user, is_bot: true },
          chat: { id: 7, type: 'private' },
          date: 1,
          text: 'x',
        },
      }),
    ).toEqual([]);
    expect(telegramUpdateFacts({ update_id: 3, callback_query: { id: 'q', from: user } })).toEqual([]);
    expect(telegramUpdateFacts(null)).toEqual([]);
  });
});

describe('telegramUpdateFacts: odd updates are read as far as they can be', () => {
  const receivedAt = new Date(1_700_000_000_000);
  const message = (fields: Record<string, unknown>) => ({
    message_id: 9,
    from: user,
    chat: { id: 7, type: 'private' },
    date: 1700000000,
    text: 'hi',
    ...fields,
  });

  it('a date that is not a number, or out of range, is the time the update was received', () => {
    expect(
      telegramUpdateFacts({ update_id: 1, message: message({ date: '1700000000' }) }, receivedAt)[0],
    ).toMatchObject({ at: receivedAt });
    expect(telegramUpdateFacts({ update_id: 1, message: message({ date: 1e300 }) }, receivedAt)[0]).toMatchObject({
      at: receivedAt,
    });
    expect(telegramUpdateFacts({ update_id: 1, message: message({ date: -5 }) }, receivedAt)[0]).toMatchObject({
      at: receivedAt,
    });
  });

  it('a text that is not a string leaves the message without text (and no touch); the caption still counts', () => {
    expect(telegramUpdateFacts({ update_id: 1, message: message({ text: { bold: '/start x' } }) })[0]).toMatchObject({
      text: null,
      touch: null,
    });
    expect(telegramUpdateFacts({ update_id: 1, message: message({ text: 42, caption: 'cap' }) })[0]).toMatchObject({
      text: 'cap',
    });
  });

  it('NUL characters and lone surrogates in strings become U+FFFD', () => {
    const [fact] = telegramUpdateFacts({
      update_id: 1,
      message: message({ text: 'a\u0000b\ud800', from: { ...user, first_name: 'A\udc00nn' } }),
    });
    expect(fact).toMatchObject({
      text: 'a\uFFFDb\uFFFD',
      profile: expect.objectContaining({ firstName: 'A\uFFFDnn' }),
    });
  });

  it('skips a message whose sender id is not a number or a numeric string; other profile fields of a wrong type are absent', () => {
    expect(telegramUpdateFacts({ update_id: 1, message: message({ from: { ...user, id: { id: 7 } } }) })).toEqual([]);
    expect(telegramUpdateFacts({ update_id: 1, message: message({ from: { ...user, id: 1.5 } }) })).toEqual([]);
    expect(telegramUpdateFacts({ update_id: 1, message: message({ from: { ...user, id: '7' } }) })[0]).toMatchObject({
      externalUserId: '7',
    });
    expect(
      telegramUpdateFacts({
        update_id: 1,
        message: message({ from: { id: 7, username: ['x'], language_code: 5 } }),
      })[0],
    ).toMatchObject({
      profile: { username: null, firstName: null, lastName: null, isPremium: false, languageCode: null },
    });
  });

  it('skips an update without an integer update_id, or whose message or chat is not an object', () => {
    expect(telegramUpdateFacts({ update_id: '5', message: message({}) })).toEqual([]);
    expect(telegramUpdateFacts({ update_id: 1.5, message: message({}) })).toEqual([]);
    expect(telegramUpdateFacts({ update_id: 1, message: 'hello' })).toEqual([]);
    expect(telegramUpdateFacts({ update_id: 1, message: message({ chat: 'private' }) })).toEqual([]);
    expect(telegramUpdateFacts([1, 2])).toEqual([]);
  });

  it('a message_id that is not an integer is left out; a shared contact with a phone that is not a string gives none', () => {
    expect(telegramUpdateFacts({ update_id: 1, message: message({ message_id: 'x' }) })[0]).toMatchObject({
      platformMessageId: null,
    });
    expect(
      telegramUpdateFacts({
        update_id: 1,
        message: message({ contact: { phone_number: 79990001122, user_id: 7 } }),
      })[0],
    ).toMatchObject({ phone: null });
  });

  it('reads my_chat_member with a bad date at the time received, and skips one without a sender id', () => {
    const member = (from: unknown, date: unknown) => ({
      update_id: 2,
      my_chat_member: { chat: { id: 7, type: 'private' }, from, date, new_chat_member: { status: 'kicked' } },
    });
    expect(telegramUpdateFacts(member(user, 'now'), receivedAt)).toEqual([
      { kind: 'blocked', externalUserId: '7', at: receivedAt },
    ]);
    expect(telegramUpdateFacts(member({ first_name: 'x' }, 1))).toEqual([]);
  });

  it('a send answer whose chat id or message id is not a number records nothing', () => {
    expect(
      telegramSentFacts('sendmessage', null, {
        message_id: 3,
        chat: { id: { x: 1 }, type: 'private' },
        date: 2,
        text: 'x',
      }),
    ).toEqual([]);
    expect(
      telegramSentFacts('sendmessage', null, { message_id: '3', chat: { id: 7, type: 'private' }, date: 2, text: 'x' }),
    ).toEqual([]);
    expect(telegramSentFacts('sendmessage', null, 'ok')).toEqual([]);
  });
});

describe('telegramSentFacts', () => {
  it('reads sendMessage and caption-bearing sends from the answer, private chats only', () => {
    expect(
      telegramSentFacts('sendphoto', null, {
        message_id: 3,
        chat: { id: 7, type: 'private' },
        date: 2,
        caption: 'pic',
      }),
    ).toEqual([
      expect.objectContaining({ direction: 'out', dedupeKey: 'tg:sent:7:3', externalUserId: '7', text: 'pic' }),
    ]);
    expect(
      telegramSentFacts('sendmessage', null, { message_id: 3, chat: { id: -7, type: 'group' }, date: 2, text: 'x' }),
    ).toEqual([]);
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
    expect(telegramForbiddenSendFacts({ chat_id: 7, text: 'x' }, at)).toEqual([
      { kind: 'blocked', externalUserId: '7', at },
    ]);
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
        body: {
          mid: 'mid.a',
          text: null,
          attachments: [
            {
              type: 'contact',
              payload: { vcf_info: 'BEGIN:VCARD\r\nTEL;TYPE=cell:+7 999 000\r\nEND:VCARD', max_info: sender },
            },
          ],
        },
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
    expect(
      maxUpdateFacts({ update_type: 'bot_started', timestamp: 5, chat_id: 99, user: sender, payload: 'vk' }),
    ).toEqual([
      expect.objectContaining({ text: '/start vk', touch: { parameter: 'vk' }, dedupeKey: 'max:bot_started:99:5' }),
    ]);
    expect(maxUpdateFacts({ update_type: 'bot_started', timestamp: 6, chat_id: 99, user: sender })).toEqual([
      expect.objectContaining({ text: '/start', touch: { parameter: null } }),
    ]);
    expect(maxUpdateFacts({ update_type: 'bot_stopped', timestamp: 7, chat_id: 99, user: sender })).toEqual([
      { kind: 'blocked', externalUserId: '42', at: new Date(7) },
    ]);
    expect(
      maxUpdateFacts({
        update_type: 'message_created',
        timestamp: 1,
        message: { sender, recipient: { chat_type: 'chat' }, timestamp: 1, body: { mid: 'm' } },
      }),
    ).toEqual([]);
  });

  it('reads a POST /messages?user_id= answered 403 as a block of that user; a chat_id alone names no user', () => {
    const at = new Date(5000);
    expect(maxForbiddenSendFacts({ user_id: '42' }, at)).toEqual([{ kind: 'blocked', externalUserId: '42', at }]);
    expect(maxForbiddenSendFacts({ chat_id: '99' }, at)).toEqual([]);
    expect(maxForbiddenSendFacts({ user_id: 'abc' }, at)).toEqual([]);
    expect(maxForbiddenSendFacts(null, at)).toEqual([]);
  });

  it('reads a sent message from the POST /messages answer', () => {
    expect(
      maxSentFacts(
        { user_id: '42' },
        {
          message: {
            recipient: { chat_id: 99, chat_type: 'dialog' },
            timestamp: 9,
            body: { mid: 'mid.b', text: 'ok' },
          },
        },
      ),
    ).toEqual([
      expect.objectContaining({ direction: 'out', dedupeKey: 'max:sent:mid.b', externalUserId: '42', text: 'ok' }),
    ]);
  });
});

describe('maxUpdateFacts: odd updates are read as far as they can be', () => {
  const receivedAt = new Date(1_700_000_000_000);
  const sender = { user_id: 42, first_name: 'Max' };
  const created = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    update_type: 'message_created',
    timestamp: 1700000000123,
    message: {
      sender,
      recipient: { chat_id: 99, chat_type: 'dialog' },
      timestamp: 1700000000123,
      body: { mid: 'mid.x', text: 'hi' },
      ...message,
    },
    ...extra,
  });

  it("a message's timestamp that is not a number is the update's (the same on redelivery), else the time it was received", () => {
    expect(maxUpdateFacts(created({ timestamp: 'soon' }), receivedAt)[0]).toMatchObject({
      at: new Date(1700000000123),
    });
    expect(maxUpdateFacts(created({ timestamp: 'soon' }, { timestamp: null }), receivedAt)[0]).toMatchObject({
      at: receivedAt,
    });
    expect(maxUpdateFacts({ update_type: 'bot_stopped', timestamp: null, user: sender }, receivedAt)).toEqual([
      { kind: 'blocked', externalUserId: '42', at: receivedAt },
    ]);
  });

  it('a text that is not a string leaves the message without text; NUL and lone surrogates become U+FFFD', () => {
    expect(maxUpdateFacts(created({ body: { mid: 'mid.x', text: ['hi'] } }))[0]).toMatchObject({
      text: null,
      touch: null,
    });
    expect(maxUpdateFacts(created({ body: { mid: 'mid.\u0000', text: '\ud83d hi' } }))[0]).toMatchObject({
      text: '\uFFFD hi',
      dedupeKey: 'max:message_created:mid.\uFFFD',
    });
  });

  it('skips a message without a string mid or a usable sender id', () => {
    expect(maxUpdateFacts(created({ body: { mid: 17, text: 'hi' } }))).toEqual([]);
    expect(maxUpdateFacts(created({ sender: { user_id: 'abc' } }))).toEqual([]);
    expect(maxUpdateFacts(created({ sender: 'me' }))).toEqual([]);
    expect(maxUpdateFacts(created({ body: 'hi' }))).toEqual([]);
  });

  it('attachments that are not a list, and a payload that is not a string, are absent', () => {
    expect(
      maxUpdateFacts(created({ body: { mid: 'mid.x', text: 'hi', attachments: { type: 'contact' } } }))[0],
    ).toMatchObject({ phone: null });
    expect(
      maxUpdateFacts({
        update_type: 'bot_started',
        timestamp: 5,
        chat_id: 99,
        user: sender,
        payload: { source: 'vk' },
      }),
    ).toEqual([expect.objectContaining({ text: '/start', touch: { parameter: null } })]);
    expect(
      maxUpdateFacts({ update_type: 'bot_started', timestamp: 5, chat_id: 99, user: sender, user_locale: 7 })[0],
    ).toMatchObject({
      profile: expect.objectContaining({ languageCode: null }),
    });
  });

  it('a sent answer without a string mid records nothing', () => {
    expect(
      maxSentFacts(
        { user_id: '42' },
        { message: { recipient: { chat_type: 'dialog' }, timestamp: 9, body: { mid: 5, text: 'ok' } } },
      ),
    ).toEqual([]);
  });
});

describe('button presses', () => {
  const received = new Date('2024-05-01T10:00:00Z');
  const tgQuery = (fields: Record<string, unknown> = {}) => ({
    update_id: 40,
    callback_query: {
      id: 'q1',
      from: user,
      chat_instance: '1',
      message: { message_id: 3, date: 1700000000, chat: { id: 7, type: 'private' } },
      data: 'plan:pro',
      ...fields,
    },
  });

  it('reads a Telegram callback_query of a private chat as a press at the time it arrived', () => {
    expect(telegramUpdateFacts(tgQuery(), received)).toEqual([
      {
        kind: 'press',
        dedupeKey: 'tg:callback:q1',
        externalUserId: '7',
        profile: { username: 'ann', firstName: 'Ann', lastName: 'Lee', isPremium: false, languageCode: 'en' },
        data: 'plan:pro',
        at: received,
      },
    ]);
  });

  it.each([
    ['a group chat', { message: { message_id: 3, chat: { id: -5, type: 'group' } } }],
    ['an inline message (no chat)', { message: undefined, inline_message_id: 'x' }],
    ['a game (no data)', { data: undefined, game_short_name: 'g' }],
    ['a bot', { from: { ...user, is_bot: true } }],
  ])('skips a Telegram press from %s', (_, fields) => {
    expect(telegramUpdateFacts(tgQuery(fields), received)).toEqual([]);
  });

  const maxCallback = (chatType: string, payload: unknown = 'size:xl') => ({
    update_type: 'message_callback',
    timestamp: 1700000001000,
    callback: { timestamp: 1700000000000, callback_id: 'c9', payload, user: { user_id: 8, first_name: 'Max' } },
    message: { recipient: { chat_id: 1, chat_type: chatType }, body: { mid: 'm' } },
    user_locale: 'ru',
  });

  it("reads a MAX message_callback of a dialog as a press at the callback's time", () => {
    expect(maxUpdateFacts(maxCallback('dialog'), received)).toEqual([
      {
        kind: 'press',
        dedupeKey: 'max:callback:c9',
        externalUserId: '8',
        profile: { username: null, firstName: 'Max', lastName: null, isPremium: false, languageCode: 'ru' },
        data: 'size:xl',
        at: new Date(1700000000000),
      },
    ]);
    expect(maxUpdateFacts(maxCallback('chat'), received)).toEqual([]);
    expect(maxUpdateFacts(maxCallback('dialog', null), received)).toEqual([]);
    expect(maxUpdateFacts({ ...maxCallback('dialog'), message: null }, received)).toEqual([]);
  });
});
