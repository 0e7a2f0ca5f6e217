import { replaceUrls, urlsIn } from './broadcast-links';

describe('the URLs of a broadcast text', () => {
  it('finds each http(s) URL once, in order, without the punctuation around it', () => {
    expect(
      urlsIn('Sale: https://shop.example/a?x=1, (http://b.example/path). Again https://shop.example/a?x=1! ftp://no'),
    ).toEqual(['https://shop.example/a?x=1', 'http://b.example/path']);
    expect(urlsIn('«https://c.example/»')).toEqual(['https://c.example/']);
    expect(urlsIn('no links here')).toEqual([]);
  });

  it('replaces each URL the replacer answers for and keeps the rest as written', () => {
    const text = 'A https://a.example/x. B https://b.example/y!';
    expect(replaceUrls(text, (url) => (url.startsWith('https://a') ? 'L1' : null))).toBe(
      'A L1. B https://b.example/y!',
    );
  });
});
