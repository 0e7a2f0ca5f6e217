import { describe, expect, it } from 'vitest';
import { pageFrom, withQuery } from './Pager';

describe('list pages in the URL', () => {
  it('leaves out empty values and page 1', () => {
    expect(withQuery('/admin/users', { email: '', page: 1 })).toBe('/admin/users');
    expect(withQuery('/admin/users', { email: 'a@b', page: 3 })).toBe('/admin/users?email=a%40b&page=3');
  });
  it('reads a missing, broken or too small page as the first', () => {
    expect([pageFrom(null), pageFrom('x'), pageFrom('0'), pageFrom('-2'), pageFrom('2.5'), pageFrom('4')]).toEqual([
      1, 1, 1, 1, 2, 4,
    ]);
  });
});
