/**
 * A mobile number as stored: national digits. A number typed with its country code (+86 138…,
 * 0086 138…) loses the prefix when what remains is a full Chinese mobile number (11 digits).
 */
export function nationalNumber(digits: string, countryCode: string): string {
  for (const prefix of [`00${countryCode}`, countryCode]) {
    if (digits.startsWith(prefix) && digits.length - prefix.length === 11) return digits.slice(prefix.length);
  }
  return digits;
}
