import type { ServerResponse } from 'node:http';

/** An integer parameter from a query string or a JSON body, or undefined when absent or not a number. */
export function intParam(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : undefined;
}

export function clamp(value: number | undefined, min: number, max: number, fallback: number): number {
  return value === undefined ? fallback : Math.min(max, Math.max(min, value));
}

export function truthy(value: unknown): boolean {
  return value === true || value === 'true' || value === '1' || value === 1;
}

/** Writes a JSON answer already serialised (held updates are spliced in as the bytes the platform sent). */
export function answerJson(res: ServerResponse, status: number, payload: string): void {
  const bytes = Buffer.from(payload);
  res.writeHead(status, ['content-type', 'application/json', 'content-length', String(bytes.length)]);
  res.end(bytes);
}
