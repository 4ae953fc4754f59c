export const pages = {
  'notFound.title': 'Page not found',
  'notFound.body': 'The page you are looking for does not exist or has moved.',
  'notAuthorized.title': 'Not authorized',
  'notAuthorized.body': "You don't have permission to open this page.",
  'placeholder.later': 'This page is being built. Here is what it will offer:',
  'placeholder.upload.title': 'Upload',
  'placeholder.upload.body':
    'Upload your own PDF reports (PDF only), follow their processing and delete them from your library.',
  'placeholder.bookmarks.title': 'My stars',
  'placeholder.bookmarks.body':
    'The reports and issuers you starred, in one place, with collections on the institutional plan.',
  'placeholder.settings.title': 'Settings',
  'placeholder.settings.body':
    'Your account (username, e-mail, plan expiry), website preferences (language, search mode, date format, units) and subscription records.',
  'placeholder.contactUs.title': 'Contact us',
  'placeholder.contactUs.body': 'Ways to reach the team for questions about plans, data and your account.',
  'placeholder.subscription.title': 'Subscription',
  'placeholder.subscription.body':
    'The free and institutional plans side by side, your current plan, and how to subscribe.',
  'placeholder.dmca.title': 'Copyright complaint (DMCA)',
  'placeholder.dmca.body':
    'A form to report content that infringes your copyright, with a security check and the required statements.',
  'redirect.working': 'Redirecting…',
  'subscription.modal.title': 'Plans',
  'subscription.modal.body':
    'You have reached a limit of your plan. Plan details and subscribing arrive with the plans feature; meanwhile, contact an administrator to upgrade.',
  'subscription.modal.contact': 'Contact an administrator',
};
