import { copyStatement } from './csv-download';

describe('copyStatement', () => {
  it('puts the parameters in as quoted literals, dates as ISO UTC, escaping quotes and backslashes', () => {
    const at = new Date(Date.UTC(2026, 10, 20, 9, 0, 30));
    expect(
      copyStatement({
        sql: 'SELECT a FROM t WHERE b = $1 AND c >= $2 AND d = $3 AND e = $10',
        params: ["it's", at, 'a\\b', '4', '5', '6', '7', '8', '9', 'ten'],
        header: ['a'],
      }),
    ).toBe(
      "COPY (SELECT a FROM t WHERE b = 'it''s' AND c >= '2026-11-20T09:00:30.000Z' AND d =  E'a\\\\b' AND e = 'ten') " +
        "TO STDOUT WITH (FORMAT csv, NULL '\u0001\u0002')",
    );
  });

  it('refuses a parameter the query was not given', () => {
    expect(() => copyStatement({ sql: 'SELECT $2', params: ['x'], header: ['a'] })).toThrow(
      'CSV query has no parameter $2',
    );
  });
});
