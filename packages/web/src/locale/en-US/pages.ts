export const pages = {
  'notFound.title': 'Page not found',
  'notFound.body': 'The page you are looking for does not exist or has moved.',
  'notAuthorized.title': 'Not authorized',
  'notAuthorized.body': "You don't have permission to open this page.",
  'redirect.working': 'Redirecting…',
};
