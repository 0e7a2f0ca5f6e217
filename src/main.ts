import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/config';
import { createApp } from './create-app';
import { GracefulShutdown } from './lifecycle/graceful-shutdown';
import { describeError } from './logging/describe-error';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // One clear line naming the variable, then stop.
    process.stderr.write(`Botlens cannot start: ${error.message}\n`);
    process.exit(1);
  }
  const app = await createApp(config);
  // SIGTERM/SIGINT: stop taking work, finish what is in flight, close the pools last (see GracefulShutdown).
  new GracefulShutdown(app, config).listen();
  await app.listen(config.port);
}

main().catch((error: unknown) => {
  process.stderr.write(`Botlens failed to start: ${describeError(error)}\n`);
  process.exit(1);
});
