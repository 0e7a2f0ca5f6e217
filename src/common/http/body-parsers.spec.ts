import { jsonDepthExceeds, MAX_JSON_DEPTH } from './body-parsers';

describe('jsonDepthExceeds', () => {
  const nested = (depth: number) => Buffer.from('['.repeat(depth) + ']'.repeat(depth));

  it('counts arrays and objects opened at once', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds(Buffer.from('{"a":{"b":{"c":[1]}}}'), 3)).toBe(true);
    expect(jsonDepthExceeds(Buffer.from('[[1],[2],[3],[4]]'), 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds(Buffer.from(`{"text":"${'[{'.repeat(100)}"}`), 2)).toBe(false);
    expect(jsonDepthExceeds(Buffer.from(`{"text":"say \\"[[[[\\" and \\\\","x":[1]}`), 2)).toBe(false);
  });
});
