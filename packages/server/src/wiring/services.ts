import { join } from 'node:path';
import { createDashboardService } from '../modules/admin/dashboard-service.js';
import { createAdminFilesService } from '../modules/admin/files-service.js';
import { createAdminTransfers } from '../modules/admin/files-transfer.js';
import { createAdminService } from '../modules/admin/service.js';
import { createAdminUsersService } from '../modules/admin/users-service.js';
import { createAdminDigestsService } from '../modules/admin/digests-service.js';
import { createUnsubscribeService } from '../modules/digests/unsubscribe.js';
import { createCodeService } from '../modules/auth/codes.js';
import { createLoginCheck } from '../modules/auth/login-check.js';
import { createAuthService } from '../modules/auth/service.js';
import { createSessions } from '../modules/auth/sessions.js';
import { createThrottle } from '../modules/auth/throttle.js';
import { createCollectionsService } from '../modules/collections/service.js';
import { createContactService } from '../modules/contact/service.js';
import { createGlossaryService } from '../modules/glossary/service.js';
import { createDialogService } from '../modules/dialog/service.js';
import { createDmcaService } from '../modules/dmca/service.js';
import { createDownloadsService } from '../modules/downloads/service.js';
import { createFileUrls } from '../modules/files/file-urls.js';
import { loadFirstPaintRenderer } from '../modules/first-paint/renderer.js';
import { createFirstPaintService } from '../modules/first-paint/service.js';
import { createFileDetailService } from '../modules/file-detail/service.js';
import { createHealthService } from '../modules/health/service.js';
import { createReingestService } from '../ingest/reingest-service.js';
import { createIssuersService } from '../modules/issuers/service.js';
import { createCompaniesService } from '../modules/companies/service.js';
import { createCompanyNamesService } from '../modules/companies/names-service.js';
import { createDirectorySource } from '../modules/companies/directory-source.js';
import { glossaryWithCompanyNames } from '../modules/glossary/with-company-names.js';
import { createQuotaService } from '../modules/quota/service.js';
import { createTokenBudget } from '../modules/quota/token-budget.js';
import { createSearchService } from '../modules/search/service.js';
import { loadBuiltinGlossary } from '../modules/glossary/builtin-glossary.js';
import { createSecurityCheck } from '../modules/security-check/service.js';
import { createStarsService } from '../modules/stars/service.js';
import { createFollowsService } from '../modules/follows/service.js';
import { createInboxService } from '../modules/follows/inbox-service.js';
import { createSummaryService } from '../modules/summary/service.js';
import { createTranslationService } from '../modules/translation/service.js';
import { createChunkedUploads } from '../modules/uploads/chunked.js';
import { createMyFilesService } from '../modules/uploads/my-files.js';
import { createUploadService } from '../modules/uploads/service.js';
import { createUploadGate } from '../modules/uploads/upload-gate.js';
import { createAccountService } from '../modules/account/service.js';
import { createUserInfo } from '../modules/users/user-info.js';
import { createGeo, type Geo } from '../platform/geo.js';
import type { Mailer } from '../platform/mail.js';
import { createOutbox } from '../platform/outbox.js';
import { createPasswordHasher, type PasswordHasher } from '../platform/password.js';
import { createUrlSigner } from '../platform/signing.js';
import { createOutboxSms, type SmsSender } from '../platform/sms.js';
import { VERSION } from '../version.js';
import type { Library } from './library.js';

/** What only a process that serves HTTP needs besides the library; each from the config when absent. */
export interface ServiceOptions {
  /** Password hashing; the OWASP scrypt cost when absent (tests pass a cheaper one explicitly). */
  passwords?: PasswordHasher;
  /** Outgoing mail and SMS; SMTP or the dev outbox. */
  mailer?: Mailer;
  sms?: SmsSender;
  /** Country lookup. */
  geo?: Geo;
}

/** The parts several groups of services share: who is asking and how they sign in, plans and quotas. */
function sharedParts(lib: Library, opts: ServiceOptions) {
  const { config, db, repos, clock, log } = lib;
  const outbox = createOutbox(join(config.dataDir, 'outbox'), log);
  const geo =
    opts.geo ?? createGeo({ trustedHeader: config.trustedCountryHeader, csvFiles: config.geoipCsv });
  const hasher = opts.passwords ?? createPasswordHasher();
  const signer = createUrlSigner(config.signingSecret);
  const throttle = createThrottle(db, clock);
  const sessions = createSessions({
    repo: repos.sessions,
    clock,
    ttlDays: config.sessionTtlDays,
    idleDays: config.sessionIdleDays,
  });
  const codes = createCodeService({
    repo: repos.codes,
    throttle,
    mailer: opts.mailer ?? lib.mailer,
    sms: opts.sms ?? createOutboxSms(outbox),
    clock,
    secret: config.signingSecret,
  });
  const quota = createQuotaService({
    repo: repos.usage,
    files: repos.files,
    transaction: lib.transaction,
    clock,
  });
  // One check of a login for the app and the console alike.
  const loginCheck = createLoginCheck({
    users: repos.users,
    hasher,
    codes,
    sessionsRepo: repos.sessions,
    throttle,
    clock,
    deployVariant: config.deployVariant,
  });
  // Every name of every company, in memory: search, chat and the console share one.
  const companyDirectory = createDirectorySource(repos.companyNames);
  return { geo, hasher, signer, throttle, sessions, codes, quota, loginCheck, companyDirectory };
}
type SharedParts = ReturnType<typeof sharedParts>;

/** Signing up and in, and the account's own settings. */
function accountServices(
  lib: Library,
  { hasher, codes, sessions, throttle, quota, loginCheck }: SharedParts,
) {
  const { repos, clock } = lib;
  const { users } = repos;
  const userInfo = createUserInfo({ quota, clock });
  return {
    auth: createAuthService({
      users,
      hasher,
      codes,
      sessions,
      sessionsRepo: repos.sessions,
      throttle,
      clock,
      userInfo,
      loginCheck,
    }),
    account: createAccountService({ users, hasher, codes, sessions, throttle, clock, userInfo, quota }),
  };
}

/** Finding reports: search, its first paint, the companies. */
function searchServices(lib: Library, { quota, companyDirectory }: SharedParts) {
  const { config, repos, log } = lib;
  const companies = createCompaniesService(repos.companies, companyDirectory);
  const search = createSearchService(repos.search, {
    quota,
    cachedPages: config.searchCachePages,
    companies,
    companyNames: companyDirectory,
    glossary: lib.glossary,
  });
  return {
    search,
    firstPaint: createFirstPaintService({
      search,
      renderer: () => loadFirstPaintRenderer(config.webDist, log),
      generation: repos.search.generation,
    }),
    companies,
  };
}

/** Reading a report: its detail; AI reading: the chat, its shared translation, its summary on request. */
function readingServices(lib: Library, { signer, quota, companyDirectory }: SharedParts) {
  const { config, repos, clock, llm, log } = lib;
  const { files } = repos;
  const urls = createFileUrls({ signer, clock, ttlS: config.fileUrlTtlS, publicUrl: config.publicUrl });
  // The plan's daily token budget, shared by the chat and the on-demand summary.
  const budget = createTokenBudget({ usage: repos.usage, quota, clock });
  return {
    files: createFileDetailService({
      repo: files,
      urls,
      quota,
      stars: repos.stars,
      translations: repos.translations,
      clock,
    }),
    dialog: createDialogService({
      repo: repos.dialog,
      files,
      quota,
      budget,
      llm,
      // Companies' names too: a question about 腾讯 finds "Tencent" in an English note.
      glossary: glossaryWithCompanyNames(lib.glossary, companyDirectory),
      clock,
    }),
    translation: createTranslationService({
      repo: repos.translations,
      transaction: lib.transaction,
      files,
      urls,
      quota,
      llm,
      clock,
      notifyJobs: lib.notifyJobs,
    }),
    summary: createSummaryService({
      repo: repos.summary,
      files,
      quota,
      budget,
      llm,
      glossary: lib.glossary,
      clock,
      ...(config.llm ? { translateModel: config.llm.translateModel } : {}),
      log,
    }),
  };
}

/** My library: stars, issuer stars, follows and the inbox, collections, downloads, uploads and my files. */
function libraryServices(lib: Library, { signer, quota }: SharedParts) {
  const { config, repos, storage, clock, ingestor, uploadDir } = lib;
  const { files, users } = repos;
  const uploads = createUploadService({
    files,
    ingestor,
    quota,
    dir: uploadDir,
    gate: createUploadGate('files', config.uploadsAtOnce),
    clock,
  });
  return {
    issuers: createIssuersService({ repo: repos.issuers, stars: repos.issuerStars }),
    stars: createStarsService({ repo: repos.stars, files, quota, clock }),
    follows: createFollowsService({
      repo: repos.follows,
      issuerStars: repos.issuerStars,
      quota,
      clock,
    }),
    inbox: createInboxService({ inbox: repos.inbox, follows: repos.follows, quota, clock }),
    unsubscribe: createUnsubscribeService({ users, links: lib.digests.links, clock }),
    collections: createCollectionsService({ repo: repos.collections, files, quota, clock }),
    downloads: createDownloadsService({
      repo: repos.downloads,
      files,
      users,
      quota,
      storage,
      signer,
      clock,
      publicUrl: config.publicUrl,
    }),
    uploads,
    chunkedUploads: createChunkedUploads({
      sessions: repos.uploadSessions,
      files,
      uploads,
      dir: uploadDir,
      gate: createUploadGate('chunks', config.chunksAtOnce),
      clock,
    }),
    myFiles: createMyFilesService({
      repo: repos.myFiles,
      files,
      transaction: lib.transaction,
      storage,
      quota,
      clock,
    }),
  };
}

/** The administration console: its sign-in, users, files and transfers, the glossary, the dashboard. */
function adminServices(
  lib: Library,
  { hasher, signer, throttle, sessions, loginCheck, companyDirectory }: SharedParts,
) {
  const { config, repos, storage, clock, ingestor, uploadDir } = lib;
  const { files, users } = repos;
  const adminFiles = createAdminFilesService({
    repo: repos.adminFiles,
    files,
    transaction: lib.transaction,
    storage,
    clock,
  });
  return {
    admin: createAdminService({
      repo: repos.admin,
      transaction: lib.transaction,
      downloads: repos.downloads,
      loginCheck,
      sessions,
      clock,
      idleMinutes: config.consoleIdleMinutes,
    }),
    adminUsers: createAdminUsersService({
      transaction: lib.transaction,
      users,
      hasher,
      throttle,
      storage,
      shaInUse: files.shaInUse,
      uploads: uploadDir,
      clock,
    }),
    adminFiles,
    adminDigests: createAdminDigestsService({
      users,
      follows: repos.follows,
      digests: repos.digests,
      clock,
    }),
    adminTransfers: createAdminTransfers({
      repo: repos.adminFiles,
      files: adminFiles,
      users,
      ingestor,
      dir: uploadDir,
      storage,
      signer,
      clock,
      publicUrl: config.publicUrl,
    }),
    glossary: createGlossaryService({
      transaction: lib.transaction,
      store: lib.glossary,
      builtin: loadBuiltinGlossary,
      clock,
    }),
    companyNames: createCompanyNamesService({
      transaction: lib.transaction,
      directory: companyDirectory,
      clock,
    }),
    dashboard: createDashboardService({ repo: repos.dashboard, reingest: repos.reingest, clock }),
    reingest: createReingestService({
      repo: repos.reingest,
      jobs: repos.jobs,
      clock,
      notifyJobs: lib.notifyJobs,
    }),
  };
}

/** The public forms (DMCA, contact us), which pass the security check. */
function formServices(lib: Library, { throttle }: SharedParts) {
  const { config, repos, clock } = lib;
  const securityCheck = createSecurityCheck({
    repo: repos.securityCheck,
    throttle,
    clock,
    secret: config.signingSecret,
  });
  return {
    securityCheck,
    dmca: createDmcaService({ repo: repos.dmca, transaction: lib.transaction, check: securityCheck, clock }),
    contact: createContactService({
      repo: repos.contact,
      transaction: lib.transaction,
      check: securityCheck,
      throttle,
      clock,
      support: config.support,
    }),
  };
}

/**
 * Every service the routes call, each built once from the library's parts: the one place that
 * says which service uses which repository, rule and platform part.
 */
export function createServices(lib: Library, opts: ServiceOptions = {}) {
  const shared = sharedParts(lib, opts);
  const { geo, sessions, throttle, quota } = shared;
  return {
    geo,
    sessions,
    throttle,
    quota,
    ...accountServices(lib, shared),
    ...searchServices(lib, shared),
    ...readingServices(lib, shared),
    ...libraryServices(lib, shared),
    ...adminServices(lib, shared),
    ...formServices(lib, shared),
    health: createHealthService({
      repo: lib.repos.health,
      files: lib.repos.files,
      reingest: lib.repos.reingest,
      clock: lib.clock,
      version: VERSION,
      llmConfigured: lib.llm !== null,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
