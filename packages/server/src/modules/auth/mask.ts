/** j***@example.com: enough to recognise the address, not to learn it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** +86 138****8000. */
export function maskPhone(phone: string, countryCode: string | null): string {
  const shown = phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : `****${phone.slice(-2)}`;
  return countryCode ? `+${countryCode} ${shown}` : shown;
}
