import { storableJson, storableText, textOrNull } from './postgres-text';

describe('text PostgreSQL accepts', () => {
  it('replaces NUL characters and lone surrogates with U+FFFD, keeping surrogate pairs', () => {
    expect(storableText('a\u0000b')).toBe('a\uFFFDb');
    expect(storableText('x\ud800y')).toBe('x\uFFFDy');
    expect(storableText('x\udc00')).toBe('x\uFFFD');
    expect(storableText('smile 😀')).toBe('smile 😀');
  });

  it('takes a field that is not a string as absent', () => {
    expect(textOrNull(5)).toBeNull();
    expect(textOrNull({ text: 'x' })).toBeNull();
    expect(textOrNull(['x'])).toBeNull();
    expect(textOrNull('ok')).toBe('ok');
  });

  it('serialises a payload for jsonb with NUL and lone surrogates replaced in values and keys', () => {
    expect(JSON.parse(storableJson({ 'k\u0000': 'v\ud800', pair: '😀', ok: 'a\u001fb' })!)).toEqual({
      'k\uFFFD': 'v\uFFFD',
      pair: '😀',
      ok: 'a\u001fb',
    });
  });

  it('leaves an escaped backslash followed by "u0000" as the text it is', () => {
    const literal = '\\u0000 and \\\\ud800';
    expect(JSON.parse(storableJson({ literal })!)).toEqual({ literal });
    expect(JSON.parse(storableJson({ mixed: '\\\u0000' })!)).toEqual({ mixed: '\\\uFFFD' });
  });
});

describe('a raw copy nested too deep to serialise', () => {
  it('is left out (null) instead of failing the message', () => {
    const deep = JSON.parse(`{"update_id":1,"x":${'['.repeat(20000)}${']'.repeat(20000)}}`);
    expect(storableJson(deep)).toBeNull();
  });
});
