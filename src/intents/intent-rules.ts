import { RE2JS } from 're2js';

export interface IntentRules {
  keywords: string[];
  patterns: string[];
}

export class InvalidPatternError extends Error {
  constructor(readonly index: number) {
    super(`patterns[${index}] is not a valid regular expression`);
  }
}

const WORD_CHAR = '[\\p{L}\\p{N}_]';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A keyword matches as a whole word (or phrase), whatever its case, and letters of any alphabet count as word characters. */
function keywordMatcher(keyword: string): RegExp {
  const phrase = keyword.trim().split(/\s+/).map(escapeRegExp).join('\\s+');
  // A plain literal between lookarounds cannot backtrack badly, so the built-in engine is safe here.
  return new RegExp(`(?<!${WORD_CHAR})${phrase}(?!${WORD_CHAR})`, 'iu');
}

/** Patterns run on RE2 (linear time): no message can stall the service, whatever the pattern. */
export function compilePatterns(patterns: string[]): RE2JS[] {
  return patterns.map((pattern, index) => {
    try {
      return RE2JS.compile(pattern);
    } catch {
      throw new InvalidPatternError(index);
    }
  });
}

/** An intent's rules, compiled once and tested against many messages. */
export class CompiledIntent {
  private readonly keywords: RegExp[];
  private readonly patterns: RE2JS[];

  constructor(
    readonly id: string,
    rules: IntentRules,
  ) {
    this.keywords = rules.keywords.filter((k) => k.trim()).map(keywordMatcher);
    this.patterns = compilePatterns(rules.patterns);
  }

  matches(text: string): boolean {
    return this.keywords.some((k) => k.test(text)) || this.patterns.some((p) => p.matcher(text).find());
  }
}
