import { defineProject } from 'vitest/config';

/** The server's tests on the embedded SQLite database (vitest.pg.config.ts runs them on PostgreSQL). */
export const serverTestOptions = {
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks' as const,
  // No test reaches beyond this machine (child processes excepted: see the file).
  setupFiles: ['test/no-outbound-network.ts'],
};

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    ...serverTestOptions,
  },
});
