/**
 * The console's paths, for links and redirects between its pages. A file of its own: the route
 * table loads the console lazily, and the console's pages link back to these paths.
 */
export const ADMIN_PATHS = {
  login: '/admin/login',
  dashboard: '/admin/dashboard',
  users: '/admin/users',
  files: '/admin/files',
  dmca: '/admin/dmca',
  messages: '/admin/messages',
  digests: '/admin/digests',
  glossary: '/admin/glossary',
  companies: '/admin/companies',
  audit: '/admin/audit',
} as const;
