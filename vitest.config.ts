import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const postgres = process.env.TEST_DATABASE_URL;
if (!postgres) {
  console.log(
    'PostgreSQL suite skipped: set TEST_DATABASE_URL=postgres://user@host:5432/db to run the server tests on PostgreSQL too',
  );
}

export default defineConfig({
  test: {
    // Vitest leaves a core to itself by default: one test file at a time on a 2-core machine, which
    // then idles while a file imports or waits on its servers. Two files at once took 28 % off the
    // web project's time there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/contract',
      'packages/server',
      'packages/web',
      ...(postgres ? ['packages/server/vitest.pg.config.ts'] : []),
    ],
  },
});
