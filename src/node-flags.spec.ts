import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Node flags production starts the service with (docs/operations.md, Memory): `npm start` and the image's CMD
 * are the two ways it is started, so they must agree, and the heap ceiling must stay under the size from which V8
 * lets the heap grow to 4× its live size between collections again.
 */
const ROOT = join(__dirname, '..');
const ENTRY = 'dist/src/main.js';

function npmStartFlags(): string[] {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts;
  const words = scripts.start.split(/\s+/);
  expect(words[0]).toBe('node');
  expect(words.at(-1)).toBe(ENTRY);
  return words.slice(1, -1);
}

function imageFlags(): string[] {
  const cmd = readFileSync(join(ROOT, 'Dockerfile'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('CMD '))
    .at(-1);
  const words = JSON.parse(cmd!.slice('CMD '.length)) as string[];
  expect(words[0]).toBe('node');
  expect(words.at(-1)).toBe(ENTRY);
  return words.slice(1, -1);
}

describe('the Node flags production starts the service with', () => {
  it('are the same for npm start and the image', () => {
    expect(imageFlags()).toEqual(npmStartFlags());
  });

  it('cap the heap at about 1 GB: under the 2 GB from which V8 grows the heap to 4× its live size', () => {
    const limitBytes = Number(
      execFileSync(process.execPath, [
        ...npmStartFlags(),
        '-p',
        `require('node:v8').getHeapStatistics().heap_size_limit`,
      ]).toString(),
    );
    const limitMb = limitBytes / 1024 / 1024;
    expect(limitMb).toBeGreaterThanOrEqual(1024);
    expect(limitMb).toBeLessThan(2048);
  });
});
