/**
 * A bot's alert rules (issue 27): every rule is on by default; `bots.alert_rules` keeps only what the owner changed,
 * so a default changed here applies to every bot that kept it.
 */
export interface AlertRules {
  silence: boolean;
  silence_messages: number;
  silence_minutes: number;
  errors: boolean;
  error_share: number;
  target: boolean;
  polling: boolean;
  polling_minutes: number;
}

export const ALERT_KINDS = ['silence', 'errors', 'target', 'polling'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const DEFAULT_ALERT_RULES: AlertRules = {
  silence: true,
  silence_messages: 3,
  silence_minutes: 10,
  errors: true,
  error_share: 0.2,
  target: true,
  polling: true,
  polling_minutes: 5,
};

/** The reply window's default and bounds, in seconds (`reply_window_s`). */
export const REPLY_WINDOW = { default: 300, min: 10, max: 86_400 } as const;

/** The stored overrides over the defaults; a value of the wrong type (never written by the API) is ignored. */
export function alertRules(stored: unknown): AlertRules {
  const rules = { ...DEFAULT_ALERT_RULES };
  if (stored === null || typeof stored !== 'object') return rules;
  for (const [name, value] of Object.entries(stored as Record<string, unknown>)) {
    if (name in rules && typeof value === typeof rules[name as keyof AlertRules])
      (rules as unknown as Record<string, unknown>)[name] = value;
  }
  return rules;
}
