import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const WEB = join(__dirname, '..', '..', '..', 'web');

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Builds web/dist when it is missing or older than any source of the cabinet (once per run, in the browser tier's global setup). */
export function ensureCabinetBuilt(): string {
  const dist = join(WEB, 'dist');
  let built: number;
  try {
    built = statSync(join(dist, 'index.html')).mtimeMs;
  } catch {
    built = 0;
  }
  const sources = Math.max(
    newest(join(WEB, 'src')),
    newest(join(WEB, 'index.html')),
    newest(join(WEB, 'vite.config.ts')),
    newest(join(WEB, 'package.json')),
  );
  if (built < sources) {
    // Jest sets NODE_ENV=test, which would make Vite bundle React's development build.
    execFileSync('npm', ['run', 'build', '-w', 'web'], {
      cwd: join(WEB, '..'),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  return dist;
}
