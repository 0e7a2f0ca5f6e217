#!/usr/bin/env node
// `npm test`: builds, then runs every tier of the suite and prints each tier's time at the end.
// `npm test -- e2e browser` runs only the named tiers (the build always runs first).
// A stage's tiers run side by side; stages run one after another. The first tier of a stage streams its
// output, the others' output is printed whole when they end, so no two jest reports interleave.
const { spawn } = require('node:child_process');

const jest = (project, ...flags) => ['npx', 'jest', '--selectProjects', project, ...flags];

/**
 * Tiers, in the order they run; a stage's tiers run side by side. The machine has two cores: the short
 * CPU-bound tiers run beside the medium tier, which mostly waits for PostgreSQL; the e2e files mostly wait on
 * timers, sockets and the database, so two run at once, beside the files that spawn processes or stop a store
 * of their own (two at a time too: each stops only its private PostgreSQL or Redis, and they also mostly wait).
 * The files held to a clock run last, one at a time, beside the browser's (three at a time: the pages mostly wait
 * on the app), whose load is far lighter than the e2e stage's.
 */
const TIERS = [
  { name: 'build', stage: 0, command: ['npm', 'run', 'build'] },
  { name: 'medium', stage: 1, command: jest('medium', '--maxWorkers=2') },
  { name: 'unit', stage: 1, command: jest('unit', '--maxWorkers=2') },
  { name: 'web', stage: 1, command: ['npm', 'test', '-w', 'web'] },
  { name: 'e2e', stage: 2, command: jest('e2e', '--maxWorkers=2') },
  { name: 'e2e-processes', stage: 2, command: jest('e2e-processes', '--maxWorkers=2') },
  { name: 'e2e-clock', stage: 3, command: jest('e2e-clock', '--runInBand') },
  {
    name: 'browser',
    stage: 3,
    command: ['sh', '-c', 'node test/browser/ensure-chromium.cjs && npx jest --selectProjects browser --maxWorkers=3'],
  },
];

function run(tier, streamed) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(tier.command[0], tier.command.slice(1), {
      stdio: streamed ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      if (!streamed) process.stdout.write(`\n----- ${tier.name} -----\n${output}`);
      resolve({ name: tier.name, ok: code === 0, code: code ?? signal, seconds: (Date.now() - started) / 1000 });
    });
  });
}

async function main() {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !TIERS.some((tier) => tier.name === name));
  if (unknown.length) {
    console.error(`Unknown tier ${unknown.join(', ')}; tiers: ${TIERS.map((tier) => tier.name).join(', ')}`);
    process.exit(2);
  }
  const chosen = TIERS.filter((tier) => tier.name === 'build' || !wanted.length || wanted.includes(tier.name));
  const started = Date.now();
  const results = [];
  for (const stage of [...new Set(chosen.map((tier) => tier.stage))]) {
    const tiers = chosen.filter((tier) => tier.stage === stage);
    const done = await Promise.all(tiers.map((tier, index) => run(tier, index === 0)));
    results.push(...done);
    // Nothing runs on a build that failed.
    if (stage === 0 && !done[0].ok) break;
  }
  const total = (Date.now() - started) / 1000;
  const width = Math.max(...results.map((result) => result.name.length));
  console.log('\nTier times');
  for (const result of results) {
    const status = result.ok ? 'passed' : `FAILED (${result.code})`;
    console.log(`  ${result.name.padEnd(width)}  ${result.seconds.toFixed(1).padStart(6)} s  ${status}`);
  }
  console.log(`  ${'total'.padEnd(width)}  ${total.toFixed(1).padStart(6)} s`);
  process.exit(results.every((result) => result.ok) && results.length === chosen.length ? 0 : 1);
}

void main();
