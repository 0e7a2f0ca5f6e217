import { isUuid } from '../common/http/ids';
import { timeOrderedId } from './time-ordered-id';

describe('timeOrderedId', () => {
  it('is a version 7 UUID whose first 48 bits are the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 27, 12, 0, 0, 123);
    const id = timeOrderedId(at);
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('7');
    expect('89ab').toContain(id[19]);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
  });

  it('orders ids by time and never repeats one', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => timeOrderedId(1_800_000_000_000 + Math.floor(i / 10)));
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 10; i < ids.length; i += 10) expect(ids[i - 1] < ids[i]).toBe(true);
  });

  it('draws every random digit and variant, through many refills of its random bytes', () => {
    const ids = Array.from({ length: 2000 }, () => timeOrderedId(1_800_000_000_000));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id[19]))).toEqual(new Set(['8', '9', 'a', 'b']));
    expect(new Set(ids.flatMap((id) => [...id.slice(24)]))).toEqual(new Set([...'0123456789abcdef']));
    for (const id of ids) expect(isUuid(id)).toBe(true);
  });
});
