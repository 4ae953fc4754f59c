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
    ],
    exclude: [
      ...configDefaults.exclude,
      // It starts and stops a PostgreSQL server of its own whatever the project: the SQLite run suffices.
      'test/health-lost-database.test.ts',
      // No database in them (the SQL snapshots render both dialects themselves): a second run would
      // repeat the first.
      'test/cli-usage.test.ts',
      'test/compiled-server.test.ts',
      'test/graceful-close.test.ts',
      // How the cluster's workers accept connections; the database is not part of it.
      'test/http-cluster.test.ts',
      'test/listen-copies.test.ts',
      'test/network-guard.test.ts',
      'test/sql-snapshots.test.ts',
      'test/visibility-rule.test.ts',
      // Their subject is HTTP, a PDF, a process or a provider; what they store goes through
      // repositories that other tests run on PostgreSQL, so a second run would repeat the first.
      'test/api-docs.test.ts',
      'test/body-deadline.test.ts',
      'test/chat-languages.test.ts',
      'test/compression.test.ts',
      'test/contact.test.ts',
      'test/control-characters.test.ts',
      'test/download-ranges.test.ts',
      'test/graceful-shutdown.test.ts',
      'test/import-output.test.ts',
      'test/messages-language.test.ts',
      'test/pdf-memory-bomb.test.ts',
      'test/preview-links.test.ts',
      'test/s3-storage.test.ts',
      'test/security-check.test.ts',
      'test/security-headers.test.ts',
      'test/slow-uploads.test.ts',
      'test/summary-call.test.ts',
      'test/translations.test.ts',
      'test/upload-malformed.test.ts',
      'test/web-app.test.ts',
    ],
    env: { TEST_DIALECT: 'postgres' },
    globalSetup: ['test/pg-global-setup.ts'],
    ...serverTestOptions,
  },
});
