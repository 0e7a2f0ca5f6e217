import { linkName, linkTarget, MAX_LINK_URL_LENGTH } from './link-url';

describe('linkTarget: the URL a tracked link redirects to', () => {
  it.each([
    ['https://example.com/page?utm_source=tg#top', 'https://example.com/page?utm_source=tg#top'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://Example.COM/Path', 'https://example.com/Path'],
    [
      'https://пример.рф/страница?q=да',
      'https://xn--e1afmkfd.xn--p1ai/%D1%81%D1%82%D1%80%D0%B0%D0%BD%D0%B8%D1%86%D0%B0?q=%D0%B4%D0%B0',
    ],
    ['https://user:secret@example.com:8443/a', 'https://user:secret@example.com:8443/a'],
  ])('takes %s as %s', (given, stored) => {
    expect(linkTarget(given)).toBe(stored);
  });

  it('stores plain ASCII, so the Location header can always carry it', () => {
    expect(linkTarget('https://example.com/путь/“кавычки”')).toMatch(/^[\x21-\x7e]+$/);
  });

  it.each([
    ['a relative path', '/l/abc'],
    ['another scheme', 'ftp://example.com/file'],
    ['javascript', 'javascript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['no slashes after the scheme', 'https:example.com'],
    ['backslashes', 'https:\\\\example.com'],
    ['no host', 'https://'],
    ['a space', 'https://example.com/a b'],
    ['a line break in the host', 'https://exa\nmple.com/'],
    ['a tab', 'https://example.com/\t'],
    ['leading spaces', ' https://example.com/'],
    ['a bad port', 'https://example.com:99999/'],
    ['an empty string', ''],
  ])('refuses %s', (_case, given) => {
    expect(linkTarget(given)).toBeNull();
  });

  it.each([[null], [undefined], [42], [['https://example.com/']], [{ url: 'https://example.com/' }]])(
    'refuses %j, which is no string',
    (given) => {
      expect(linkTarget(given)).toBeNull();
    },
  );

  it('takes 2000 characters and refuses 2001', () => {
    const base = 'https://example.com/';
    const exactly = base + 'a'.repeat(MAX_LINK_URL_LENGTH - base.length);
    expect(linkTarget(exactly)).toBe(exactly);
    expect(linkTarget(`${exactly}a`)).toBeNull();
  });
});

describe('linkName', () => {
  it('trims a name and stores a blank or missing one as null', () => {
    expect(linkName('  Промо  ')).toBe('Промо');
    expect(linkName('   ')).toBeNull();
    expect(linkName('')).toBeNull();
    expect(linkName(null)).toBeNull();
    expect(linkName(undefined)).toBeNull();
  });
});
