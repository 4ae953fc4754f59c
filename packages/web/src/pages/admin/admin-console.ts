/**
 * The console's core, one lazily loaded chunk: the login page, the layout and (through them) the
 * shared parts. Each page is imported from here, not from the route table, so the bundler knows
 * the core is already loaded when a page loads: code the pages share stays with the core instead
 * of being merged into the user app's first screen.
 */
import type { ComponentType } from 'react';
import { registerConsoleMessages } from '../../locale/register-console-messages';

registerConsoleMessages();

export { AdminLayout } from './layout/admin-layout';
export { AdminLoginPage } from './login/admin-login-page';

export const ADMIN_PAGES = {
  dashboard: () => import('./dashboard/dashboard-page').then((m) => m.DashboardPage),
  users: () => import('./users/users-page').then((m) => m.UsersPage),
  files: () => import('./files/files-page').then((m) => m.FilesPage),
  dmca: () => import('./dmca/dmca-complaints-page').then((m) => m.DmcaComplaintsPage),
  messages: () => import('./messages/messages-page').then((m) => m.MessagesPage),
  digests: () => import('./digests/digests-page').then((m) => m.DigestsPage),
  glossary: () => import('./glossary/glossary-page').then((m) => m.GlossaryPage),
  companies: () => import('./companies/companies-page').then((m) => m.CompaniesPage),
  audit: () => import('./audit/audit-page').then((m) => m.AuditPage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type AdminPageName = keyof typeof ADMIN_PAGES;
