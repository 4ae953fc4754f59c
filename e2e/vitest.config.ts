import { defineConfig } from 'vitest/config';

/** Browser journeys against the real server (`npm run test:e2e`). */
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 240_000,
    // Each journey has its own server (port 0, own data folder or schema) and its own Chromium
    // profile, so two run at once: most of a journey's time is waiting on the browser or on the
    // server's ingest, and two at a time took the journeys from 13.6 to 6.8 minutes on 2 cores.
    fileParallelism: true,
    maxWorkers: 2,
    sequence: { concurrent: false },
    reporters: ['default'],
  },
});
