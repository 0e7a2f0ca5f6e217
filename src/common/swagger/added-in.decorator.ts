import { ApiExtension } from '@nestjs/swagger';

/** The open-API version an operation first appeared in; openapi.ts also writes it at the top of the description. */
export const ADDED_IN = 'x-added-in';

export function AddedIn(version: '1.1' | '1.2') {
  return ApiExtension(ADDED_IN, version);
}
