import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { placeOfIntentError } from './intentErrors';

describe("where the intents API's refusal is shown", () => {
  it('at the pattern it names', () => {
    expect(placeOfIntentError(new ApiError(400, 'patterns[2] is not a valid regular expression'))).toEqual({
      field: 'pattern',
      index: 2,
    });
  });

  it('at the field a validation message starts with', () => {
    expect(
      placeOfIntentError(new ApiError(400, 'name must be 1 to 64 characters of A-Z, a-z, 0-9, _, . or -')),
    ).toEqual({ field: 'name' });
    expect(placeOfIntentError(new ApiError(400, 'color must be a hexadecimal colour such as #22C55E'))).toEqual({
      field: 'color',
    });
    expect(placeOfIntentError(new ApiError(400, 'keywords and patterns must not both be empty'))).toEqual({
      field: 'keywords',
    });
    expect(placeOfIntentError(new ApiError(400, 'patterns must have at most 50 entries'))).toEqual({
      field: 'patterns',
    });
  });

  it('a taken name (409) at the name; anything else for the whole form', () => {
    expect(placeOfIntentError(new ApiError(409, 'Intent with this name already exists'))).toEqual({ field: 'name' });
    expect(placeOfIntentError(new ApiError(403, 'Недостаточно прав'))).toEqual({ field: 'form' });
    expect(placeOfIntentError(new TypeError('Failed to fetch'))).toEqual({ field: 'form' });
  });
});
