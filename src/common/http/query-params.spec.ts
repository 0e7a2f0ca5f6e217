import { parseTimeBound, strictInteger } from './query-params';

describe('strictInteger', () => {
  it.each([
    ['100', 100],
    ['0', 0],
    ['-3', -3],
    ['007', 7],
  ])('reads %j as %d', (input, expected) => {
    expect(strictInteger(input)).toBe(expected);
  });

  it.each([[''], [' 5'], ['5 '], ['1.5'], ['1e3'], ['+5'], ['0x10'], ['abc'], [['1', '2']], [undefined], [5]])(
    'refuses %j',
    (input) => {
      expect(strictInteger(input)).toBeNaN();
    },
  );
});

describe('parseTimeBound', () => {
  it('reads a date as the whole UTC day starting at midnight', () => {
    expect(parseTimeBound('2024-02-29')).toEqual({ at: new Date('2024-02-29T00:00:00.000Z'), wholeDay: true });
  });

  it.each([
    ['2024-05-01T10:20:30Z', '2024-05-01T10:20:30.000Z'],
    ['2024-05-01T10:20:30.123456Z', '2024-05-01T10:20:30.123Z'],
    ['2024-05-01T10:20:30+03:00', '2024-05-01T07:20:30.000Z'],
    ['2024-05-01T10:20:30-0130', '2024-05-01T11:50:30.000Z'],
    ['2024-05-01T10:20+03', '2024-05-01T07:20:00.000Z'],
    ['2024-05-01 10:20:30', '2024-05-01T10:20:30.000Z'],
  ])('reads the instant %s (no offset means UTC)', (input, iso) => {
    expect(parseTimeBound(input)).toEqual({ at: new Date(iso), wholeDay: false });
  });

  it.each([
    ['2024-02-30'],
    ['2023-02-29'],
    ['2024-13-01'],
    ['2024-05-01T24:00:00Z'],
    ['2024-05-01T10:60:00Z'],
    ['2024-05-01T10:00:00+25:00'],
    ['2024-5-1'],
    ['yesterday'],
    ['1714550400'],
    [''],
    [['2024-05-01', '2024-05-02']],
  ])('refuses %j', (input) => {
    expect(parseTimeBound(input)).toBeNull();
  });
});
