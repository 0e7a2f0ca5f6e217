import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config/config';
import { createApp } from '../../src/create-app';

/** The real service, configured from the environment the benchmark passes, in a process of its own. */
async function main(): Promise<void> {
  const app = await createApp(loadConfig(process.env));
  await app.listen(0, '127.0.0.1');
  process.send?.({ port: (app.getHttpServer().address() as AddressInfo).port });
  process.on('SIGTERM', () => {
    void app.close().finally(() => process.exit(0));
  });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
