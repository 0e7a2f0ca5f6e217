/**
 * What a log line says of an error: its class and message, never its stack. Issue 2 §7 keeps stack
 * traces out of every log line (they name files and internals, and some libraries put query
 * parameters in them); the message and the request id are what an operator follows up with.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.name && error.name !== 'Error' ? `${error.name}: ${error.message}` : error.message;
}

/** pino's `err` serializer with the same rule: type and message only. */
export function errorWithoutStack(error: unknown): { type: string; message: string } {
  return error instanceof Error
    ? { type: error.name, message: error.message }
    : { type: typeof error, message: String(error) };
}
