import type { Db } from '../db/database.js';
import { createIngestRepo } from '../ingest/ingest-repo.js';
import { createReingestRepo } from '../ingest/reingest-repo.js';
import { createJobsRepo } from '../jobs/jobs-repo.js';
import { createDashboardRepo } from '../modules/admin/dashboard-repo.js';
import { createAdminFilesRepo } from '../modules/admin/files-repo.js';
import { createAdminRepo } from '../modules/admin/repo.js';
import { createAdminUsersRepo } from '../modules/admin/users-repo.js';
import { createCodesRepo } from '../modules/auth/codes-repo.js';
import { createSessionsRepo } from '../modules/auth/sessions-repo.js';
import { createCollectionsRepo } from '../modules/collections/repo.js';
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
import { createUsageRepo } from '../modules/quota/repo.js';
import { createSearchRepo } from '../modules/search/repo.js';
import { createSecurityCheckRepo } from '../modules/security-check/repo.js';
import { createStarsRepo } from '../modules/stars/repo.js';
import { createSummaryRepo } from '../modules/summary/repo.js';
import { createTranslationsRepo } from '../modules/translation/repo.js';
import { createMyFilesRepo } from '../modules/uploads/repo.js';
import { createUploadSessionsRepo } from '../modules/uploads/sessions-repo.js';
import { createUsersRepo } from '../modules/users/repo.js';

/** Every repository of the library, built once per process on its database handle. */
export function createRepos(db: Db) {
  return {
    admin: createAdminRepo(db),
    adminFiles: createAdminFilesRepo(db),
    adminUsers: createAdminUsersRepo(db),
    codes: createCodesRepo(db),
    collections: createCollectionsRepo(db),
    contact: createContactRepo(db),
    dashboard: createDashboardRepo(db),
    companies: createCompaniesRepo(db),
    dialog: createDialogRepo(db),
    dmca: createDmcaRepo(db),
    downloads: createDownloadsRepo(db),
    files: createFilesRepo(db),
    glossary: createGlossaryRepo(db),
    health: createHealthRepo(db),
    ingest: createIngestRepo(db),
    issuers: createIssuersRepo(db),
    issuerStars: createIssuerStarsRepo(db),
    jobs: createJobsRepo(db),
    myFiles: createMyFilesRepo(db),
    reingest: createReingestRepo(db),
    search: createSearchRepo(db),
    securityCheck: createSecurityCheckRepo(db),
    sessions: createSessionsRepo(db),
    stars: createStarsRepo(db),
    summary: createSummaryRepo(db),
    translations: createTranslationsRepo(db),
    uploadSessions: createUploadSessionsRepo(db),
    usage: createUsageRepo(db),
    users: createUsersRepo(db),
  };
}

export type Repos = ReturnType<typeof createRepos>;
