import type { Db } from '../db/database.js';
import { unitOfWork, type UnitOfWork } from '../db/unit-of-work.js';
import { createAuditRepo } from '../modules/audit/audit.js';
import { createReingestRepo } from '../ingest/reingest-repo.js';
import { createJobsRepo } from '../jobs/jobs-repo.js';
import { createDashboardRepo } from '../modules/admin/dashboard-repo.js';
import { createAdminFilesRepo } from '../modules/admin/files-repo.js';
import { createAdminRepo } from '../modules/admin/repo.js';
import { createAdminUsersRepo } from '../modules/admin/users-repo.js';
import { createCodesRepo } from '../modules/auth/codes-repo.js';
import { createSessionsRepo } from '../modules/auth/sessions-repo.js';
import { createCollectionsRepo } from '../modules/collections/repo.js';
import { createCompanyNamesRepo } from '../modules/companies/names-repo.js';
import { createContactRepo } from '../modules/contact/repo.js';
import { createDialogRepo } from '../modules/dialog/repo.js';
import { createDmcaRepo } from '../modules/dmca/repo.js';
import { createDownloadsRepo } from '../modules/downloads/repo.js';
import { createFilesRepo } from '../modules/files/repo.js';
import { createGlossaryRepo } from '../modules/glossary/repo.js';
import { createHealthRepo } from '../modules/health/repo.js';
import { createIssuersRepo } from '../modules/issuers/repo.js';
import { createCompaniesRepo } from '../modules/companies/repo.js';
import { createIssuerStarsRepo } from '../modules/issuers/star-repo.js';
import { createUsageRepo } from '../modules/quota/usage-repo.js';
import { createSearchRepo } from '../modules/search/repo.js';
import { createSecurityCheckRepo } from '../modules/security-check/repo.js';
import { createStarsRepo } from '../modules/stars/repo.js';
import { createFollowsRepo } from '../modules/follows/repo.js';
import { createInboxRepo } from '../modules/follows/inbox-repo.js';
import { createDigestsRepo } from '../modules/digests/repo.js';
import { createSummaryRepo } from '../modules/summary/repo.js';
import { createTranslationCacheRepo, createTranslationsRepo } from '../modules/translation/repo.js';
import { createMyFilesRepo } from '../modules/uploads/repo.js';
import { createUploadSessionsRepo } from '../modules/uploads/sessions-repo.js';
import { createUsersRepo } from '../modules/users/repo.js';

const FACTORIES = {
  admin: createAdminRepo,
  adminFiles: createAdminFilesRepo,
  adminUsers: createAdminUsersRepo,
  audit: createAuditRepo,
  codes: createCodesRepo,
  collections: createCollectionsRepo,
  companies: createCompaniesRepo,
  companyNames: createCompanyNamesRepo,
  contact: createContactRepo,
  dashboard: createDashboardRepo,
  dialog: createDialogRepo,
  dmca: createDmcaRepo,
  downloads: createDownloadsRepo,
  files: createFilesRepo,
  glossary: createGlossaryRepo,
  health: createHealthRepo,
  issuerStars: createIssuerStarsRepo,
  issuers: createIssuersRepo,
  jobs: createJobsRepo,
  myFiles: createMyFilesRepo,
  reingest: createReingestRepo,
  search: createSearchRepo,
  securityCheck: createSecurityCheckRepo,
  sessions: createSessionsRepo,
  stars: createStarsRepo,
  follows: createFollowsRepo,
  inbox: createInboxRepo,
  digests: createDigestsRepo,
  summary: createSummaryRepo,
  translationCache: createTranslationCacheRepo,
  translations: createTranslationsRepo,
  uploadSessions: createUploadSessionsRepo,
  usage: createUsageRepo,
  users: createUsersRepo,
} satisfies Record<string, (db: Db) => unknown>;

export type Repos = { readonly [K in keyof typeof FACTORIES]: ReturnType<(typeof FACTORIES)[K]> };

/**
 * Every repository of the library on the database handle `db` (the process's, or one transaction's),
 * each built the first time it is used: a unit of work binds only those its callback touches.
 */
export function createRepos(db: Db): Repos {
  const built: Partial<Record<keyof Repos, unknown>> = {};
  const repos = {} as Repos;
  for (const key of Object.keys(FACTORIES) as (keyof Repos)[])
    Object.defineProperty(repos, key, {
      enumerable: true,
      get: () => (built[key] ??= FACTORIES[key](db)),
    });
  return repos;
}

/** The unit of work over every repository (db/unit-of-work.ts). */
export const createUnitOfWork = (db: Db): UnitOfWork<Repos> => unitOfWork(db, createRepos);
