#!/usr/bin/env node
// `npm run check`: every check that runs before the tests, with lint (the longest, ~70 s on one core) beside the
// others, which run one after another: both cores busy, about 40 s sooner than all in a row. Each check's output is
// printed whole when it ends, so the two never interleave; any failure fails the whole.
const { spawn } = require('node:child_process');

const BESIDE = ['lint'];
const IN_ORDER = ['format:check', 'typecheck', 'deps:check', 'api:types:check'];

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      process.stdout.write(output);
      resolve(code === 0 ? null : `${script} failed (${code ?? signal})`);
    });
  });
}

async function inOrder() {
  for (const script of IN_ORDER) {
    const failure = await run(script);
    if (failure) return [failure];
  }
  return [];
}

async function main() {
  const results = await Promise.all([inOrder(), ...BESIDE.map(run)]);
  const failures = results.flat().filter(Boolean);
  for (const failure of failures) console.error(failure);
  process.exit(failures.length ? 1 : 0);
}

void main();
