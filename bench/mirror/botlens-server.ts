import type { AddressInfo } from 'node:net';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';
import { loadConfig } from '../../src/config/config';
import { createApp } from '../../src/create-app';

/** What the soak asks of the app over IPC (bench/soak.ts): its memory figures, or a heap snapshot written to a file. */
export type AppQuestion = { memory: true } | { heapSnapshot: string };

/** process.memoryUsage() and V8's per-space sizes, in bytes. */
export interface AppMemory extends NodeJS.MemoryUsage {
  spaces: Record<string, { size: number; used: number }>;
}

/** The real service, configured from the environment the benchmark passes, in a process of its own. */
async function main(): Promise<void> {
  const app = await createApp(loadConfig(process.env));
  await app.listen(0, '127.0.0.1');
  process.send?.({ port: (app.getHttpServer().address() as AddressInfo).port });
  process.on('message', (question: AppQuestion) => {
    if ('memory' in question) process.send?.(memory());
    else if ('heapSnapshot' in question) process.send?.(writeHeapSnapshot(question.heapSnapshot));
  });
  process.on('SIGTERM', () => {
    void app.close().finally(() => process.exit(0));
  });
}

function memory(): AppMemory {
  const spaces: AppMemory['spaces'] = {};
  for (const space of getHeapSpaceStatistics()) {
    spaces[space.space_name] = { size: space.space_size, used: space.space_used_size };
  }
  return { ...process.memoryUsage(), spaces };
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
