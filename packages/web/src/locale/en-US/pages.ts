export const pages = {
  'notFound.title': 'Page not found',
  'notFound.body': 'The page you are looking for does not exist or has moved.',
  'notAuthorized.title': 'Not authorized',
  'notAuthorized.body': "You don't have permission to open this page.",
  'placeholder.later': 'This page is being built. Here is what it will offer:',
  'placeholder.bookmarks.title': 'My stars',
  'placeholder.bookmarks.body':
    'The reports and issuers you starred, in one place, with collections on the institutional plan.',
  'placeholder.contactUs.title': 'Contact us',
  'placeholder.contactUs.body': 'Ways to reach the team for questions about plans, data and your account.',
  'placeholder.dmca.title': 'Copyright complaint (DMCA)',
  'placeholder.dmca.body':
    'A form to report content that infringes your copyright, with a security check and the required statements.',
  'redirect.working': 'Redirecting…',
};
