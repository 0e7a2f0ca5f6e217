import { withoutAccessToken } from './max-mirror';
import { parseBodyParams, parseQuery } from './request-body';
import { parseTelegramPath } from './telegram-mirror';

describe('mirror request parsing', () => {
  it('reads Telegram method paths, lower-casing the method (names are case-insensitive)', () => {
    expect(parseTelegramPath('/bot123:AA-b_c/sendMessage')).toEqual({ token: '123:AA-b_c', method: 'sendmessage' });
    expect(parseTelegramPath('/bot123:AA/setWebHook/')).toEqual({ token: '123:AA', method: 'setwebhook' });
    expect(parseTelegramPath('/bot123%3AAA/getMe')).toEqual({ token: '123:AA', method: 'getme' });
  });

  it('reads Telegram file paths, where the method is null', () => {
    expect(parseTelegramPath('/file/bot123:AA/documents/file_1.pdf')).toEqual({ token: '123:AA', method: null });
  });

  it.each([
    '/',
    '/bot',
    '/bot/getMe',
    '/bot123:AA',
    '/bot123:AA/',
    '/bot123:AA/a/b',
    '/file/bot123:AA/',
    '/file/bot/x',
    '/getMe',
    '/bot%E0%A4%A/getMe',
  ])('refuses %s', (path) => {
    expect(parseTelegramPath(path)).toBeNull();
  });

  it('moves a MAX access_token out of the query and keeps every other pair byte for byte', () => {
    expect(withoutAccessToken('v=1&access_token=abc%2Bdef&types=a,b&x=%20')).toEqual({
      search: 'v=1&types=a,b&x=%20',
      queryToken: 'abc+def',
    });
    expect(withoutAccessToken('access_token=T')).toEqual({ search: '', queryToken: 'T' });
    expect(withoutAccessToken('marker=5')).toEqual({ search: 'marker=5', queryToken: undefined });
    expect(withoutAccessToken('access_token=')).toEqual({ search: '', queryToken: undefined });
  });

  it('reads JSON objects and urlencoded forms, and nothing else', () => {
    expect(parseBodyParams('application/json; charset=utf-8', Buffer.from('{"timeout":30,"offset":5}'))).toEqual({
      timeout: 30,
      offset: 5,
    });
    expect(parseBodyParams('application/x-www-form-urlencoded', Buffer.from('chat_id=1&text=a+b'))).toEqual({
      chat_id: '1',
      text: 'a b',
    });
    expect(parseBodyParams('application/json', Buffer.from('[1]'))).toBeNull();
    expect(parseBodyParams('application/json', Buffer.from('{broken'))).toBeNull();
    expect(parseBodyParams('text/plain', Buffer.from('x'))).toBeNull();
    expect(parseBodyParams(undefined, Buffer.from('{}'))).toBeNull();
    expect(parseBodyParams('application/json', null)).toBeNull();
  });

  it('parses a query with the last value of a repeated name winning', () => {
    expect(parseQuery('a=1&b=x%20y&a=2')).toEqual({ a: '2', b: 'x y' });
    expect(parseQuery('')).toEqual({});
  });
});
