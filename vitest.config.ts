import { defineConfig } from 'vitest/config';

const postgres = process.env.TEST_DATABASE_URL;
if (!postgres) {
  console.log(
    'PostgreSQL suite skipped: set TEST_DATABASE_URL=postgres://user@host:5432/db to run the server tests on PostgreSQL too',
  );
}

export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/server',
      'packages/web',
      ...(postgres ? ['packages/server/vitest.pg.config.ts'] : []),
    ],
  },
});
