import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../http/error-response.dto';

const DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input (the message names the field)',
  401: 'Not authenticated',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body too large',
  429: 'Limit reached',
  500: 'Internal failure',
  502: 'The platform failed or did not answer',
};

/** Documents the `{ message }` error shape for each listed status of an operation. */
export function ApiErrors(...statuses: number[]) {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: DESCRIPTIONS[status] ?? 'Error', type: ErrorResponseDto }),
    ),
  );
}

/**
 * 403 `Bot is deactivated`, answered by every send. On an open-API route 403 also means a missing scope: put this
 * above `@RequireScope` (decorators apply bottom-up, and the last 403 written is the one documented).
 */
export function ApiBotDeactivated(scope?: string) {
  const deactivated = `the bot is deactivated (\`Bot is deactivated\`)`;
  const description = scope ? `The key lacks scope "${scope}", or ${deactivated}` : `Not allowed: ${deactivated}`;
  return ApiResponse({ status: 403, description, type: ErrorResponseDto });
}
