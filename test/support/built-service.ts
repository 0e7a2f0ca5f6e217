import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const MARKER = join(ROOT, 'dist', 'src', 'main.js');

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

function builtAt(): number {
  try {
    return statSync(MARKER).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * The medium, e2e and browser tiers run the service as `nest build` compiled it (dist/, with the swagger
 * plugin's metadata and full decorator types), so jest only transpiles the tests. `npm test` builds first;
 * a single run after an edit of src/ or migrations/ builds here, so a test never runs stale code.
 */
export function ensureServiceBuilt(): void {
  const sources = Math.max(
    newest(join(ROOT, 'src')),
    newest(join(ROOT, 'migrations')),
    newest(join(ROOT, 'nest-cli.json')),
  );
  if (builtAt() >= sources) return;
  process.stdout.write('\nsrc/ is newer than dist/: nest build\n');
  execFileSync('npx', ['nest', 'build'], { cwd: ROOT, stdio: 'inherit' });
}
