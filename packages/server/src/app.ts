import { registerApiDocsUi, registerApiSpec } from './http/api-docs.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { createHttpServer, type App } from './http/server.js';
import { registerViewer } from './http/viewer.js';
import { registerWebApp } from './http/web-app.js';
import { adminFileRoutes } from './modules/admin/files-routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { adminUserRoutes } from './modules/admin/users-routes.js';
import { dashboardRoutes } from './modules/admin/dashboard-routes.js';
import { reingestRoutes } from './ingest/reingest-routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { collectionRoutes } from './modules/collections/routes.js';
import { contactRoutes } from './modules/contact/routes.js';
import { glossaryRoutes } from './modules/glossary/routes.js';
import { companyNamesRoutes } from './modules/companies/names-routes.js';
import { dialogRoutes } from './modules/dialog/routes.js';
import { dmcaRoutes } from './modules/dmca/routes.js';
import { downloadRoutes } from './modules/downloads/routes.js';
import { fileDetailRoutes } from './modules/file-detail/routes.js';
import { firstPaintRoutes } from './modules/first-paint/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { issuerRoutes } from './modules/issuers/routes.js';
import { companyRoutes } from './modules/companies/routes.js';
import { menuRoutes } from './modules/menu/routes.js';
import { quotaRoutes } from './modules/quota/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { securityCheckRoutes } from './modules/security-check/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { starRoutes } from './modules/stars/routes.js';
import { followRoutes } from './modules/follows/routes.js';
import { issuerStarRoutes } from './modules/follows/issuer-star-routes.js';
import { digestRoutes } from './modules/digests/routes.js';
import { adminDigestRoutes } from './modules/admin/digests-routes.js';
import { summaryRoutes } from './modules/summary/routes.js';
import { translationRoutes } from './modules/translation/routes.js';
import { myFilesRoutes } from './modules/uploads/my-files-routes.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { accountRoutes } from './modules/account/routes.js';
import type { Library } from './wiring/library.js';
import { createServices, type ServiceOptions, type Services } from './wiring/services.js';

const HOUR_MS = 3600_000;

/**
 * Builds the HTTP application of a library (wiring/library.ts): the HTTP plugins (http/), the
 * services (wiring/services.ts) and every module's routes. No side effects at import; nothing
 * listens yet.
 */
export async function buildApp(lib: Library, opts: ServiceOptions = {}): Promise<App> {
  const { config, storage } = lib;
  const app = createHttpServer(config, lib.log);
  await registerSecurityHeaders(app);
  await registerApiSpec(app, config.apiDocs);
  const web = await registerWebApp(app, config.webDist);
  registerErrorHandler(app, { web });

  const s = createServices(lib, opts);
  registerViewer(app, {
    geo: s.geo,
    trustedHeader: config.trustedCountryHeader,
    userOfToken: s.sessions.userOfToken,
  });
  runHourly(app, s);

  await app.register(authRoutes(s.auth));
  await app.register(accountRoutes(s.account));
  await app.register(quotaRoutes(s.quota));
  await app.register(menuRoutes());
  await app.register(siteRoutes(config, s.translation));
  await app.register(searchRoutes(s.search));
  if (web && config.firstPaint) {
    const geo = { geo: s.geo, trustedHeader: config.trustedCountryHeader };
    await app.register(firstPaintRoutes(s.firstPaint, { sendIndex: web.sendIndex, ...geo }));
  }
  await app.register(fileDetailRoutes(s.files, storage));
  await app.register(dialogRoutes(s.dialog));
  await app.register(translationRoutes(s.translation));
  await app.register(summaryRoutes(s.summary));
  await app.register(issuerRoutes(s.issuers));
  await app.register(companyRoutes(s.companies));
  await app.register(starRoutes(s.stars));
  await app.register(followRoutes(s.follows, s.inbox));
  await app.register(issuerStarRoutes(s.follows));
  await app.register(digestRoutes(s.unsubscribe));
  await app.register(collectionRoutes(s.collections));
  await app.register(downloadRoutes(s.downloads, storage));
  await app.register(uploadRoutes(s.uploads, s.chunkedUploads, config.uploadPace));
  await app.register(myFilesRoutes(s.myFiles));

  const { adminOfToken } = s.admin;
  await app.register(adminRoutes(s.admin));
  await app.register(adminUserRoutes(adminOfToken, s.adminUsers));
  await app.register(adminDigestRoutes(adminOfToken, s.adminDigests));
  await app.register(adminFileRoutes(adminOfToken, s.adminFiles, s.adminTransfers, storage));
  await app.register(securityCheckRoutes(s.securityCheck));
  await app.register(dmcaRoutes(s.dmca, adminOfToken));
  await app.register(contactRoutes(s.contact, adminOfToken));
  await app.register(glossaryRoutes(s.glossary, adminOfToken));
  await app.register(companyNamesRoutes(s.companyNames, adminOfToken));
  await app.register(dashboardRoutes(s.dashboard, adminOfToken));
  await app.register(reingestRoutes(s.reingest, adminOfToken));
  await app.register(healthRoutes(s.health, { adminOfToken, trustProxy: config.trustProxy }));
  await registerApiDocsUi(app, config.apiDocs, adminOfToken);
  return app;
}

/**
 * Old throttle events, searches whose paging window has passed and past days' viewers of reports
 * are forgotten once an hour, by every process serving HTTP (the deletes are idempotent), while
 * the app is open.
 */
function runHourly(app: App, s: Pick<Services, 'throttle' | 'quota' | 'files'>): void {
  const chores = [s.throttle.prune, s.quota.forgetOldSearches, s.files.forgetPastViews];
  const timer = setInterval(() => chores.forEach((chore) => void chore().catch(() => undefined)), HOUR_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
