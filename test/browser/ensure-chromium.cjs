// Runs before the browser tests (npm test, .ci/run): they drive Debian's chromium and are never
// skipped. When it is missing, root installs it with apt-get; anyone else gets one line and exit 1.
const { execSync } = require('node:child_process');
const { existsSync } = require('node:fs');

function found() {
  if (process.env.CHROMIUM_PATH) return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  try {
    return (
      execSync('command -v chromium', { shell: '/bin/sh', stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || null
    );
  } catch {
    return null;
  }
}

if (!found()) {
  if (process.env.CHROMIUM_PATH) {
    console.error(`Browser tests need Chromium: CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist`);
    process.exit(1);
  }
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package for the browser tests");
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
      shell: '/bin/sh',
    });
  } else {
    console.error(
      'Browser tests need Chromium: run `sudo apt-get install -y chromium` (or set CHROMIUM_PATH), then npm test again',
    );
    process.exit(1);
  }
  if (!found()) {
    console.error('Browser tests need Chromium: apt-get install chromium did not put it on PATH');
    process.exit(1);
  }
}
