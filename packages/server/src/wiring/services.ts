import { join } from 'node:path';
import { createDashboardService } from '../modules/admin/dashboard-service.js';
import { createAdminFilesService } from '../modules/admin/files-service.js';
import { createAdminTransfers } from '../modules/admin/files-transfer.js';
import { createAdminService } from '../modules/admin/service.js';
import { createAdminUsersService } from '../modules/admin/users-service.js';
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
import { createFilesService } from '../modules/files/service.js';
import { createHealthService } from '../modules/health/service.js';
import { createReingestService } from '../ingest/reingest-service.js';
import { createIssuersService } from '../modules/issuers/service.js';
import { createCompaniesService } from '../modules/companies/service.js';
import { createQuotaService } from '../modules/quota/service.js';
import { createTokenBudget } from '../modules/quota/token-budget.js';
import { createSearchService } from '../modules/search/service.js';
import { loadBuiltinGlossary } from '../modules/glossary/builtin-glossary.js';
import { createSecurityCheck } from '../modules/security-check/service.js';
import { createStarsService } from '../modules/stars/service.js';
import { createSummaryService } from '../modules/summary/service.js';
import { createTranslationService } from '../modules/translation/service.js';
import { createChunkedUploads } from '../modules/uploads/chunked.js';
import { createMyFilesService } from '../modules/uploads/my-files.js';
import { createUploadService } from '../modules/uploads/service.js';
import { createUploadGate, UPLOAD_BYTES_IN_FLIGHT } from '../modules/uploads/upload-gate.js';
import { createUsersService } from '../modules/users/service.js';
import { createUserInfo } from '../modules/users/user-info.js';
import { createGeo, type Geo } from '../platform/geo.js';
import { createMailer, type Mailer } from '../platform/mail.js';
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

/**
 * Every service the routes call, each built once from the library's parts: the one place that
 * says which service uses which repository, rule and platform part.
 */
export function createServices(lib: Library, opts: ServiceOptions = {}) {
  const { config, db, repos, storage, clock, llm, log, ingestor, uploadDir } = lib;
  const { files, users } = repos;
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
    mailer: opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.smtpFrom, outbox, log }),
    sms: opts.sms ?? createOutboxSms(outbox),
    clock,
    secret: config.signingSecret,
  });
  const quota = createQuotaService({ repo: repos.usage, clock });
  // The plan's daily token budget, shared by the chat and the on-demand summary.
  const budget = createTokenBudget({ usage: repos.usage, quota, clock });
  const userInfo = createUserInfo({ quota, clock });
  // One check of a login for the app and the console alike.
  const loginCheck = createLoginCheck({
    users,
    hasher,
    codes,
    sessionsRepo: repos.sessions,
    throttle,
    clock,
    deployVariant: config.deployVariant,
  });
  const urls = createFileUrls({ signer, clock, ttlS: config.fileUrlTtlS, publicUrl: config.publicUrl });
  const uploads = createUploadService({
    files,
    ingestor,
    quota,
    dir: uploadDir,
    gate: createUploadGate({ ...config.uploadsAtOnce, bytesInFlight: UPLOAD_BYTES_IN_FLIGHT }),
    clock,
  });
  const admin = createAdminService({
    repo: repos.admin,
    downloads: repos.downloads,
    loginCheck,
    sessions,
    clock,
    idleMinutes: config.consoleIdleMinutes,
  });
  const companies = createCompaniesService(repos.companies);
  const search = createSearchService(repos.search, {
    quota,
    cachedPages: config.searchCachePages,
    companies,
    glossary: lib.glossary,
  });
  const adminFiles = createAdminFilesService({ repo: repos.adminFiles, storage, clock });
  // The public forms (DMCA, contact us) pass the security check.
  const securityCheck = createSecurityCheck({
    repo: repos.securityCheck,
    throttle,
    clock,
    secret: config.signingSecret,
  });

  return {
    geo,
    sessions,
    throttle,
    quota,
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
    users: createUsersService({ users, hasher, codes, sessions, throttle, clock, userInfo }),
    search,
    firstPaint: createFirstPaintService({
      search,
      renderer: () => loadFirstPaintRenderer(config.webDist, log),
      generation: repos.search.generation,
    }),
    files: createFilesService({
      repo: files,
      urls,
      quota,
      stars: repos.stars,
      translations: repos.translations,
      clock,
    }),
    // AI reading: the chat about a report, its shared Chinese translation, its summary on request.
    dialog: createDialogService({
      repo: repos.dialog,
      files,
      quota,
      budget,
      llm,
      glossary: lib.glossary,
      clock,
    }),
    translation: createTranslationService({
      repo: repos.translations,
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
    // My library: stars, issuer stars, collections, downloads, uploads and my files.
    companies,
    issuers: createIssuersService({ repo: repos.issuers, stars: repos.issuerStars, clock }),
    stars: createStarsService({ repo: repos.stars, files, quota, clock }),
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
      clock,
    }),
    myFiles: createMyFilesService({ repo: repos.myFiles, files, storage, quota, clock }),
    // Administration.
    admin,
    adminUsers: createAdminUsersService({
      repo: repos.adminUsers,
      users,
      hasher,
      throttle,
      storage,
      shaInUse: files.shaInUse,
      uploads: uploadDir,
      clock,
    }),
    adminFiles,
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
    securityCheck,
    dmca: createDmcaService({ repo: repos.dmca, check: securityCheck, clock }),
    glossary: createGlossaryService({
      repo: repos.glossary,
      store: lib.glossary,
      builtin: loadBuiltinGlossary,
      clock,
    }),
    contact: createContactService({
      repo: repos.contact,
      check: securityCheck,
      throttle,
      clock,
      support: config.support,
    }),
    dashboard: createDashboardService({ repo: repos.dashboard, reingest: repos.reingest, clock }),
    reingest: createReingestService({ repo: repos.reingest, clock, notifyJobs: lib.notifyJobs }),
    health: createHealthService({
      repo: repos.health,
      files,
      reingest: repos.reingest,
      clock,
      version: VERSION,
      llmConfigured: llm !== null,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
