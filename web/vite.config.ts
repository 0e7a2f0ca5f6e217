import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The service serves dist/ at `/` (src/cabinet): hashed files under /assets, cached for a year.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Modern browsers only: no legacy chunks, no polyfill inlined into the page (the CSP forbids inline scripts).
    target: 'es2022',
    modulePreload: { polyfill: false },
    sourcemap: false,
  },
  server: {
    // `npm run dev` in web/: the service on :3000 answers the API and the live socket.
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // One page per worker for all the files, not one per file: making a happy-dom page for each of 24 files was 11 of
    // the suite's 24 s. The files clean up after their tests (Testing Library's cleanup, storage cleared) and pass in
    // any order (checked with --sequence.shuffle).
    isolate: false,
  },
});
