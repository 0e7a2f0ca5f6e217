import { describe, expect, it } from 'vitest';
import { ru } from './ru';

/** The cabinet's own code as text: every module but the dictionary, the generated API types and the tests. */
const sources = Object.values(
  import.meta.glob<string>(['../**/*.{ts,tsx}', '!./ru.ts', '!../api/schema.ts', '!../**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);

/**
 * The keys the code can ask for: each written whole in quotes, and each a template such as
 * `role.${member.role}` can produce (its `${…}` parts stand for anything).
 */
function keysInUse(): Set<string> {
  const all = Object.keys(ru);
  const used = new Set<string>();
  for (const source of sources) {
    for (const [, , literal] of source.matchAll(/(['"`])([\w.-]+)\1/g)) used.add(literal);
    for (const [, template] of source.matchAll(/`([\w.-]*\$\{[^`]*)`/g)) {
      const pattern = new RegExp(
        `^${template
          .split(/\$\{[^}]*\}/)
          .map(escape)
          .join('.+')}$`,
      );
      for (const key of all) if (pattern.test(key)) used.add(key);
    }
  }
  return used;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the Russian dictionary', () => {
  it('has no key that nothing uses', () => {
    const used = keysInUse();
    expect(Object.keys(ru).filter((key) => !used.has(key))).toEqual([]);
  });
});
