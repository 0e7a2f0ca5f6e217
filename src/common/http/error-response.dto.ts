/** The one error shape of the whole interface. */
export class ErrorResponseDto {
  /** What went wrong, in the words of the specification. @example 'Bot not found' */
  message: string;
}

/** The 502 variant of a platform failure carries the platform's unprocessed answer. */
export class ProviderErrorResponseDto extends ErrorResponseDto {
  /** The platform's own answer, e.g. `{ ok: false, error_code, description }`. */
  provider?: Record<string, unknown>;
}
