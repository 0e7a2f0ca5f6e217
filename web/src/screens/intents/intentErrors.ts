import { ApiError } from '../../api/client';

/** Where a refusal of the intents API belongs in the form: a field, one pattern, or the form as a whole. */
export type IntentField = 'name' | 'description' | 'color' | 'keywords' | 'patterns';
export type IntentErrorPlace = { field: IntentField } | { field: 'pattern'; index: number } | { field: 'form' };

/**
 * The service names the field it refuses (`patterns[2] is not a valid regular expression`,
 * `name must be …`, 409 for a taken name), so its own message is shown at that field.
 */
export function placeOfIntentError(error: unknown): IntentErrorPlace {
  if (!(error instanceof ApiError)) return { field: 'form' };
  if (error.status === 409) return { field: 'name' };
  const pattern = /^patterns\[(\d+)\]/.exec(error.message);
  if (pattern) return { field: 'pattern', index: Number(pattern[1]) };
  const field = /^(name|description|color|keywords|patterns)\b/.exec(error.message)?.[1];
  if (field) return { field: field as IntentField };
  return { field: 'form' };
}
