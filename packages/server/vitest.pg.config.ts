import { configDefaults, defineProject } from 'vitest/config';
import { serverTestOptions } from './vitest.config.js';

/**
 * The server's database-backed tests again on PostgreSQL (TEST_DATABASE_URL): the integration
 * tests and the unit tests that open a database; each test library gets its own schema.
 */
export default defineProject({
  test: {
    name: 'server-pg',
    include: [
      'test/**/*.test.ts',
      'src/jobs/runner.test.ts',
      'src/modules/dialog/conversation.test.ts',
      'src/modules/summary/summarise-job.test.ts',
      'src/modules/quota/token-budget.test.ts',
    ],
    // It starts and stops a PostgreSQL server of its own whatever the project: the SQLite run suffices.
    exclude: [...configDefaults.exclude, 'test/health-lost-database.test.ts'],
    env: { TEST_DIALECT: 'postgres' },
    globalSetup: ['test/pg-global-setup.ts'],
    ...serverTestOptions,
  },
});
