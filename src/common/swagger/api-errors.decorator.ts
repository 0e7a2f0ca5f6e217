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
 * 403 `Bot is deactivated`, answered by every send, besides the route's other 403. An open-API route's scope 403 is
 * written on the method too, and Swagger joins the two descriptions; a session route names its other reason here.
 */
export function ApiBotDeactivated(otherReason?: string) {
  const deactivated = 'the bot is deactivated (`Bot is deactivated`)';
  const description = otherReason ? `${otherReason}, or ${deactivated}` : `Or ${deactivated}`;
  return ApiResponse({ status: 403, description, type: ErrorResponseDto });
}
