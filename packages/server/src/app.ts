import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pino, type Logger } from 'pino';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { registerApiDocsUi, registerApiSpec } from './http/api-docs.js';
import { registerErrorHandler } from './http/error-handler.js';
import { closeConnectionsAsTheyIdle } from './http/graceful-close.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { fastifyTrustProxy } from './http/trust-proxy.js';
import { registerWebApp } from './http/web-app.js';
import { createIngestor } from './ingest/ingest-file.js';
import { createIngestRepo } from './ingest/ingest-repo.js';
import { createFileUrls } from './modules/files/file-urls.js';
import { createFilesRepo } from './modules/files/repo.js';
import { fileRoutes } from './modules/files/routes.js';
import { createFilesService } from './modules/files/service.js';
import { registerViewer } from './http/viewer.js';
import { createCodesRepo } from './modules/auth/codes-repo.js';
import { createCodeService } from './modules/auth/codes.js';
import { authRoutes } from './modules/auth/routes.js';
import { createLoginCheck } from './modules/auth/login-check.js';
import { createAuthService } from './modules/auth/service.js';
import { createSessions } from './modules/auth/sessions.js';
import { createSessionsRepo } from './modules/auth/sessions-repo.js';
import { createThrottle } from './modules/auth/throttle.js';
import { createAdminRepo } from './modules/admin/repo.js';
import { adminRoutes } from './modules/admin/routes.js';
import { createAdminService } from './modules/admin/service.js';
import { createAdminFilesRepo } from './modules/admin/files-repo.js';
import { adminFileRoutes } from './modules/admin/files-routes.js';
import { createAdminFilesService } from './modules/admin/files-service.js';
import { createAdminTransfers } from './modules/admin/files-transfer.js';
import { createAdminUsersRepo } from './modules/admin/users-repo.js';
import { adminUserRoutes } from './modules/admin/users-routes.js';
import { createAdminUsersService } from './modules/admin/users-service.js';
import { healthRoutes } from './modules/health/routes.js';
import { createHealthRepo } from './modules/health/repo.js';
import { createHealthService } from './modules/health/service.js';
import { createDialogRepo } from './modules/dialog/repo.js';
import { dialogRoutes } from './modules/dialog/routes.js';
import { createDialogService } from './modules/dialog/service.js';
import { createTranslationsRepo } from './modules/translation/repo.js';
import { translationRoutes } from './modules/translation/routes.js';
import { createTranslationService } from './modules/translation/service.js';
import { summaryRoutes } from './modules/summary/routes.js';
import { createSummaryRepo } from './modules/summary/repo.js';
import { createSummaryService } from './modules/summary/service.js';
import { menuRoutes } from './modules/menu/routes.js';
import { createUsageRepo } from './modules/quota/repo.js';
import { quotaRoutes } from './modules/quota/routes.js';
import { createQuotaService } from './modules/quota/service.js';
import { createTokenBudget } from './modules/quota/token-budget.js';
import { siteRoutes } from './modules/site/routes.js';
import { createChunkedUploads } from './modules/uploads/chunked.js';
import { myFilesRoutes } from './modules/uploads/my-files-routes.js';
import { createMyFilesService } from './modules/uploads/my-files.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { createMyFilesRepo } from './modules/uploads/repo.js';
import { createUploadService } from './modules/uploads/service.js';
import { createUploadSessionsRepo } from './modules/uploads/sessions-repo.js';
import { createUploadDir } from './modules/uploads/temp-files.js';
import { createUsersRepo } from './modules/users/repo.js';
import { userRoutes } from './modules/users/routes.js';
import { createUsersService } from './modules/users/service.js';
import { createUserInfo } from './modules/users/user-info.js';
import { createIssuersRepo } from './modules/issuers/repo.js';
import { issuerRoutes } from './modules/issuers/routes.js';
import { createIssuersService } from './modules/issuers/service.js';
import { createIssuerStarsRepo } from './modules/issuers/star-repo.js';
import { createStarsRepo } from './modules/stars/repo.js';
import { starRoutes } from './modules/stars/routes.js';
import { createStarsService } from './modules/stars/service.js';
import { createCollectionsRepo } from './modules/collections/repo.js';
import { collectionRoutes } from './modules/collections/routes.js';
import { createCollectionsService } from './modules/collections/service.js';
import { createDownloadsRepo } from './modules/downloads/repo.js';
import { downloadRoutes } from './modules/downloads/routes.js';
import { createDownloadsService } from './modules/downloads/service.js';
import { createSearchRepo } from './modules/search/repo.js';
import { searchRoutes } from './modules/search/routes.js';
import { createSearchService } from './modules/search/service.js';
import type { Clock } from './platform/clock.js';
import { createLlmClient, llmSettingsOf, type LlmClient } from './platform/llm.js';
import { createGeo, type Geo } from './platform/geo.js';
import { createMailer, type Mailer } from './platform/mail.js';
import { createOutbox } from './platform/outbox.js';
import { createPasswordHasher, type PasswordHasher } from './platform/password.js';
import { createOutboxSms, type SmsSender } from './platform/sms.js';
import { createUrlSigner } from './platform/signing.js';
import type { FileStorage } from './platform/storage/types.js';
import { VERSION } from './version.js';
import { createSecurityCheckRepo } from './modules/security-check/repo.js';
import { securityCheckRoutes } from './modules/security-check/routes.js';
import { createSecurityCheck } from './modules/security-check/service.js';
import { createDmcaRepo } from './modules/dmca/repo.js';
import { dmcaRoutes } from './modules/dmca/routes.js';
import { createDmcaService } from './modules/dmca/service.js';
import { createContactRepo } from './modules/contact/repo.js';
import { contactRoutes } from './modules/contact/routes.js';
import { createContactService } from './modules/contact/service.js';
import { createDashboardRepo } from './modules/admin/dashboard-repo.js';
import { dashboardRoutes } from './modules/admin/dashboard-routes.js';
import { createDashboardService } from './modules/admin/dashboard-service.js';

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface AppParts {
  config: Config;
  db: Db;
  storage: FileStorage;
  clock: Clock;
  /** The process's logger; silent when absent (tests). */
  logger?: Logger;
  /** Password hashing; the OWASP scrypt cost when absent (tests pass a cheaper one explicitly). */
  passwords?: PasswordHasher;
  /** Outgoing mail and SMS; from the config (SMTP or the dev outbox) when absent. */
  mailer?: Mailer;
  sms?: SmsSender;
  /** Country lookup; from the config when absent. */
  geo?: Geo;
  /**
   * Wakes the job runner after an upload queued an ingest job (main.ts: the runner itself, or a
   * message to the primary process). Absent: jobs wait for the runner's next poll.
   */
  notifyJobs?: () => void;
  /**
   * The model provider's client; created from the config when absent (undefined). Tests pass one
   * pointed at the fake provider, or null for none.
   */
  llm?: LlmClient | null;
}

/** Builds the HTTP application from its parts. No side effects at import; nothing listens yet. */
export async function buildApp(parts: AppParts): Promise<App> {
  const { config, db, storage, clock } = parts;
  const llm = parts.llm !== undefined ? parts.llm : createLlmClient(llmSettingsOf(config.llm));
  const app = Fastify({
    loggerInstance: (parts.logger ?? pino({ level: 'silent' })) as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    // Only named proxies (TRUST_PROXY) may say who the client is and whether it used HTTPS.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  closeConnectionsAsTheyIdle(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await registerSecurityHeaders(app);
  await registerApiSpec(app, config.apiDocs);

  registerErrorHandler(app, { sendIndex: await registerWebApp(app, config.webDist) });

  const log = parts.logger;
  const outbox = createOutbox(join(config.dataDir, 'outbox'), log);
  const geo =
    parts.geo ?? createGeo({ trustedHeader: config.trustedCountryHeader, csvFiles: config.geoipCsv });
  const hasher = parts.passwords ?? createPasswordHasher();
  const users = createUsersRepo(db);
  const throttle = createThrottle(db, clock);
  const sessionsRepo = createSessionsRepo(db);
  const sessions = createSessions({ repo: sessionsRepo, clock, ttlDays: config.sessionTtlDays });
  const codes = createCodeService({
    repo: createCodesRepo(db),
    throttle,
    mailer: parts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.smtpFrom, outbox, log }),
    sms: parts.sms ?? createOutboxSms(outbox),
    clock,
    secret: config.signingSecret,
  });
  const usage = createUsageRepo(db);
  const quota = createQuotaService({ repo: usage, clock });
  // The plan's daily token budget, shared by the chat and the on-demand summary.
  const budget = createTokenBudget({ usage, quota, clock });
  const userInfo = createUserInfo({ quota, clock });
  // One check of a login for the app and the console alike.
  const loginCheck = createLoginCheck({
    users,
    hasher,
    codes,
    sessionsRepo,
    throttle,
    clock,
    deployVariant: config.deployVariant,
  });
  registerViewer(app, { geo, trustedHeader: config.trustedCountryHeader, userOfToken: sessions.userOfToken });
  // Old throttle events are dropped once an hour (by every process; the delete is idempotent).
  const prune = setInterval(() => void throttle.prune().catch(() => undefined), 3600_000).unref();
  app.addHook('onClose', async () => clearInterval(prune));
  // Searches whose paging window has passed are forgotten as often (idempotent too).
  const forget = setInterval(() => void quota.forgetOldSearches().catch(() => undefined), 3600_000).unref();
  app.addHook('onClose', async () => clearInterval(forget));

  await app.register(
    authRoutes(
      createAuthService({
        users,
        hasher,
        codes,
        sessions,
        sessionsRepo,
        throttle,
        clock,
        deployVariant: config.deployVariant,
        userInfo,
        loginCheck,
      }),
    ),
  );
  await app.register(
    userRoutes(createUsersService({ users, hasher, codes, sessions, throttle, clock, userInfo })),
  );
  await app.register(quotaRoutes(quota));
  await app.register(menuRoutes());
  await app.register(siteRoutes(config));

  const files = createFilesRepo(db);
  const urls = createFileUrls({
    signer: createUrlSigner(config.signingSecret),
    clock,
    ttlS: config.fileUrlTtlS,
    publicUrl: config.publicUrl,
  });
  await app.register(searchRoutes(createSearchService(createSearchRepo(db), quota)));
  const translations = createTranslationsRepo(db);
  await app.register(
    fileRoutes(
      createFilesService({ repo: files, urls, quota, stars: createStarsRepo(db), translations }),
      storage,
    ),
  );
  // --- AI reading: the chat about a report (issue 6) ---
  await app.register(
    dialogRoutes(createDialogService({ repo: createDialogRepo(db), files, quota, budget, llm, clock })),
  );
  // --- AI reading: the shared Chinese translation of a report's PDF (issue 6) ---
  await app.register(
    translationRoutes(
      createTranslationService({
        repo: translations,
        files,
        urls,
        quota,
        llm,
        clock,
        ...(parts.notifyJobs ? { notifyJobs: parts.notifyJobs } : {}),
      }),
    ),
  );
  // --- AI reading: a report's summary on request (issue 6) ---
  await app.register(
    summaryRoutes(
      createSummaryService({
        repo: createSummaryRepo(db),
        files,
        quota,
        budget,
        llm,
        clock,
        ...(config.llm ? { translateModel: config.llm.translateModel } : {}),
        ...(log ? { log } : {}),
      }),
    ),
  );
  // --- my library: stars, issuer stars, collections, downloads (issue 5) ---
  await app.register(
    issuerRoutes(
      createIssuersService({ repo: createIssuersRepo(db), stars: createIssuerStarsRepo(db), clock }),
    ),
  );
  await app.register(starRoutes(createStarsService({ repo: createStarsRepo(db), files, quota, clock })));
  await app.register(
    collectionRoutes(createCollectionsService({ repo: createCollectionsRepo(db), files, quota, clock })),
  );
  const downloads = createDownloadsService({
    repo: createDownloadsRepo(db),
    files,
    users,
    quota,
    storage,
    signer: createUrlSigner(config.signingSecret),
    clock,
    publicUrl: config.publicUrl,
  });
  await app.register(downloadRoutes(downloads, storage));
  // --- end my library ---
  // --- uploads and my files (issue 5) ---
  const uploadDir = createUploadDir(join(config.dataDir, 'uploads'));
  const ingestor = createIngestor({
    repo: createIngestRepo(db),
    files,
    storage,
    clock,
    notify: parts.notifyJobs ?? (() => undefined),
  });
  const uploads = createUploadService({ files, ingestor, quota, dir: uploadDir });
  await app.register(
    uploadRoutes(
      uploads,
      createChunkedUploads({ sessions: createUploadSessionsRepo(db), files, uploads, dir: uploadDir, clock }),
    ),
  );
  await app.register(
    myFilesRoutes(createMyFilesService({ repo: createMyFilesRepo(db), files, storage, quota, clock })),
  );
  // --- end uploads ---
  // --- administration (issue 7) ---
  const admin = createAdminService({
    repo: createAdminRepo(db),
    users,
    downloads: createDownloadsRepo(db),
    loginCheck,
    clock,
  });
  await app.register(adminRoutes(admin));
  const adminFilesRepo = createAdminFilesRepo(db);
  await app.register(
    adminUserRoutes(
      admin.adminOfToken,
      createAdminUsersService({
        repo: createAdminUsersRepo(db),
        users,
        hasher,
        throttle,
        storage,
        shaInUse: files.shaInUse,
        uploads: uploadDir,
        clock,
      }),
    ),
  );
  const adminFiles = createAdminFilesService({ repo: adminFilesRepo, storage, clock });
  const adminTransfers = createAdminTransfers({
    repo: adminFilesRepo,
    files: adminFiles,
    users,
    ingestor,
    dir: uploadDir,
    storage,
    signer: createUrlSigner(config.signingSecret),
    clock,
    publicUrl: config.publicUrl,
  });
  await app.register(adminFileRoutes(admin.adminOfToken, adminFiles, adminTransfers, storage));
  // DMCA, contact us and the dashboard (issue 7): the public forms pass the security check.
  const securityCheck = createSecurityCheck({
    repo: createSecurityCheckRepo(db),
    throttle,
    clock,
    secret: config.signingSecret,
  });
  await app.register(securityCheckRoutes(securityCheck));
  await app.register(
    dmcaRoutes(
      createDmcaService({ repo: createDmcaRepo(db), check: securityCheck, clock }),
      admin.adminOfToken,
    ),
  );
  await app.register(
    contactRoutes(
      createContactService({
        repo: createContactRepo(db),
        check: securityCheck,
        throttle,
        clock,
        support: config.support,
      }),
      admin.adminOfToken,
    ),
  );
  await app.register(
    dashboardRoutes(createDashboardService({ repo: createDashboardRepo(db), clock }), admin.adminOfToken),
  );
  // --- end administration ---
  await app.register(
    healthRoutes(
      createHealthService({
        repo: createHealthRepo(db),
        files,
        clock,
        version: VERSION,
        llmConfigured: llm !== null,
      }),
      { adminOfToken: admin.adminOfToken, trustProxy: config.trustProxy },
    ),
  );
  await registerApiDocsUi(app, config.apiDocs, admin.adminOfToken);
  return app;
}
