import { csvField, csvRecord } from './csv';

describe('csv (RFC 4180)', () => {
  it('leaves plain fields alone and writes null as an empty field', () => {
    expect(csvRecord(['a', 'Анна', null, ''])).toBe('a,Анна,,\r\n');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });
});
