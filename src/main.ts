import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/config';
import { createApp } from './create-app';
import { StartRefusedError } from './database/prepare-database';
import { GracefulShutdown } from './lifecycle/graceful-shutdown';
import { describeError } from './logging/describe-error';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  // SIGTERM/SIGINT: stop taking work, finish what is in flight, close the pools last (see GracefulShutdown).
  new GracefulShutdown(app, config).listen();
  // A worker serves no public port (its metrics listener stays); app.init() runs the same start-up hooks.
  if (config.processRole === 'worker') await app.init();
  else await app.listen(config.port);
}

main().catch((error: unknown) => {
  // What the operator fixes (a bad variable, pending migrations) is one clear line; anything else names the failure.
  const refused = error instanceof ConfigError || error instanceof StartRefusedError;
  process.stderr.write(
    refused ? `Botlens cannot start: ${error.message}\n` : `Botlens failed to start: ${describeError(error)}\n`,
  );
  process.exit(1);
});
