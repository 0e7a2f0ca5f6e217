import { HttpException, HttpStatus } from '@nestjs/common';
import type { Platform } from './platform';

/** Network failure towards a platform: 502 `{ message: '<tag> <code>' }` (contract §1), e.g. `telegram ECONNREFUSED`. */
export class PlatformUnreachableException extends HttpException {
  constructor(platform: Platform, code: string) {
    super({ message: `${platform} ${code}` }, HttpStatus.BAD_GATEWAY);
  }
}

/** The platform answered with an error it should not have: 502 with its answer in `provider`. */
export class PlatformErrorException extends HttpException {
  constructor(platform: Platform, status: number, provider: unknown) {
    super({ message: `${platform} ${status}`, provider }, HttpStatus.BAD_GATEWAY);
  }
}

/** The error code a network failure is reported with: the system code, timeouts folded into ETIMEDOUT. */
export function networkErrorCode(error: unknown): string {
  const code = findCode(error);
  if (!code) return 'ENETWORK';
  if (/TIMEOUT/i.test(code) || code === 'UND_ERR_ABORTED') return 'ETIMEDOUT';
  if (code === 'UND_ERR_SOCKET') return 'ECONNRESET';
  return code;
}

function findCode(error: unknown): string | undefined {
  for (
    let current = error as { code?: unknown; cause?: unknown; name?: string } | undefined, depth = 0;
    current && depth < 5;
    depth++
  ) {
    if (typeof current.code === 'string') return current.code;
    if (current.name === 'TimeoutError' || current.name === 'AbortError') return 'ETIMEDOUT';
    current = current.cause as typeof current;
  }
  return undefined;
}
