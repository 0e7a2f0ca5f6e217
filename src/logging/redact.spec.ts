import { redactUrl } from './redact';

describe('redactUrl', () => {
  it.each([
    ['/tg/bot123:AAE-secret/sendMessage', '/tg/bot[redacted]/sendMessage'],
    ['/tg/file/bot123:AAE-secret/photos/1.jpg', '/tg/file/bot[redacted]/photos/1.jpg'],
    ['/bot123:AAE-secret/getUpdates?timeout=20', '/bot[redacted]/getUpdates?timeout=20'],
    ['/proxy/6f1c/s3cr3t', '/proxy/6f1c/[redacted]'],
    ['/max/updates?access_token=abc&limit=5', '/max/updates?access_token=[redacted]&limit=5'],
    ['/api/ws?token=bls_abc', '/api/ws?token=[redacted]'],
    ['/api/bots', '/api/bots'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
