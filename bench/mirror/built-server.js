'use strict';
/**
 * The service as production runs it: the compiled build (`npx nest build`, dist/), without the bench's TypeScript hook,
 * whose compiler and transpiling at start hold ~23 MB of heap and ~120 MB of RSS that `npm start` never has
 * (bench/README.md, Memory soak). Plain JavaScript for that reason; otherwise as botlens-server.ts (IPC: the port
 * once listening, then memory figures or a heap snapshot on request).
 */
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { getHeapSpaceStatistics, writeHeapSnapshot } = require('node:v8');

// BENCH_BUILD_DIR runs another tree's build (an older commit, for paired runs: bench/events.ts).
const DIST = join(process.env.BENCH_BUILD_DIR ?? join(__dirname, '..', '..'), 'dist', 'src');

async function main() {
  if (!existsSync(join(DIST, 'create-app.js'))) throw new Error(`${DIST} has no build: run \`npx nest build\` first`);
  require(require.resolve('reflect-metadata', { paths: [DIST] }));
  const { loadConfig } = require(join(DIST, 'config', 'config'));
  const { createApp } = require(join(DIST, 'create-app'));
  const app = await createApp(loadConfig(process.env));
  await app.listen(0, '127.0.0.1');
  process.send?.({ port: app.getHttpServer().address().port });
  process.on('message', (question) => {
    if ('memory' in question) process.send?.(memory());
    else if ('heapSnapshot' in question) process.send?.(writeHeapSnapshot(question.heapSnapshot));
  });
  process.on('SIGTERM', () => {
    void app.close().finally(() => process.exit(0));
  });
}

function memory() {
  const spaces = {};
  for (const space of getHeapSpaceStatistics()) {
    spaces[space.space_name] = { size: space.space_size, used: space.space_used_size };
  }
  return { ...process.memoryUsage(), spaces };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
