import { CompiledIntent, compilePatterns, InvalidPatternError } from './intent-rules';

describe('CompiledIntent', () => {
  const delivery = new CompiledIntent('i1', { keywords: ['доставка', 'shipping cost'], patterns: ['заказ\\s*№?\\d+'] });

  it.each([
    ['Когда будет ДОСТАВКА?', true],
    ['Доставка.', true],
    ['What is the Shipping   cost?', true],
    ['Сверхдоставкам не верю', false],
    ['shipping costs', false],
    ['Где мой заказ №123', true],
    ['заказ', false],
  ])('%p → %p', (text, expected) => {
    expect(delivery.matches(text)).toBe(expected);
  });

  it('lets patterns ask for case-insensitivity themselves', () => {
    expect(new CompiledIntent('i2', { keywords: [], patterns: ['(?i)^hello'] }).matches('HELLO there')).toBe(true);
    expect(new CompiledIntent('i3', { keywords: [], patterns: ['^hello'] }).matches('HELLO there')).toBe(false);
  });

  it('runs in linear time on inputs that make backtracking engines explode', () => {
    const evil = new CompiledIntent('i4', { keywords: [], patterns: ['(a+)+$'] });
    const started = Date.now();
    expect(evil.matches('a'.repeat(20_000) + 'b')).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('names the bad pattern', () => {
    expect(() => compilePatterns(['ok', '(unclosed'])).toThrow(new InvalidPatternError(1));
    expect(() => compilePatterns(['(?<=look)behind'])).toThrow('patterns[0] is not a valid regular expression');
  });
});
