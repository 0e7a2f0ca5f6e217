import { maxErrorFact, normaliseDescription, telegramErrorFact, telegramMethodName } from './platform-error-facts';

describe('platform errors as facts', () => {
  const at = new Date('2026-11-28T10:00:00Z');

  it('names Telegram methods as documented, whatever case the bot used', () => {
    expect(telegramMethodName('sendmessage')).toBe('sendMessage');
    expect(telegramMethodName('answercallbackquery')).toBe('answerCallbackQuery');
    expect(telegramMethodName('nosuchmethod')).toBe('nosuchmethod');
  });

  it('normalises ids and numbers in descriptions', () => {
    expect(normaliseDescription('Too Many Requests: retry after 35')).toBe('Too Many Requests: retry after N');
    expect(normaliseDescription('Bad Request: chat -100123 not found (id 0f8c3b1e-2a4d-4b6e-9c1d-3e5f7a9b1c2d)')).toBe(
      'Bad Request: chat N not found (id N)',
    );
  });

  it('reads a Telegram error answer with its retry_after', () => {
    expect(
      telegramErrorFact(
        'sendmessage',
        429,
        { ok: false, error_code: 429, description: 'Too Many Requests: retry after 7', parameters: { retry_after: 7 } },
        true,
        at,
      ),
    ).toEqual({
      kind: 'platform_error',
      method: 'sendMessage',
      errorCode: 429,
      description: 'Too Many Requests: retry after N',
      retryAfter: 7,
      send: true,
      at,
    });
    expect(telegramErrorFact('getme', 200, { ok: true, result: {} }, false, at)).toBeNull();
    expect(telegramErrorFact('getme', 502, undefined, false, at)).toMatchObject({
      errorCode: 502,
      description: 'HTTP N',
    });
  });

  it('reads a MAX error answer', () => {
    expect(maxErrorFact('POST /messages', 400, { code: 'chat.denied', message: 'Chat 42 denied' }, true, at)).toEqual({
      kind: 'platform_error',
      method: 'POST /messages',
      errorCode: 400,
      description: 'Chat N denied',
      retryAfter: null,
      send: true,
      at,
    });
  });
});
