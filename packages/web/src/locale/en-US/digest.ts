/** The e-mail digest of new reports (settings). */
export const digest = {
  'digest.section': 'E-mail digest',
  'digest.intro':
    'New reports on what you follow, with rating changes first, sent to your e-mail each morning (daily) or on Monday mornings (weekly) in your time zone. Nothing new, no e-mail.',
  'digest.frequency': 'Digest',
  'digest.frequency.daily': 'Daily',
  'digest.frequency.weekly': 'Weekly',
  'digest.frequency.off': 'Off',
  'digest.frequency.paidOnly': '{{frequency}} (institutional plan)',
  'digest.timeZone': 'Time zone',
  'digest.timeZone.notChosen': 'Taken from this browser; saved when you save.',
};
