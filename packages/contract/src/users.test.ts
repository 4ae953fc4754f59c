import { describe, expect, it } from 'vitest';
import { passwordChecklist } from './account-rules.js';
import { EmailSignupRequest, LoginRequest, PhoneSignupRequest, SettingsRequest } from './users.js';

const valid = { email: ' Ana@Example.COM ', code: '123456', passwd: 'Secret123', username: 'ana_01' };
const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('account rules (SPEC.md section 5)', () => {
  it('trims and lower-cases the e-mail', () => {
    expect(EmailSignupRequest.parse(valid).email).toBe('ana@example.com');
  });

  it.each([
    [{ email: '' }, 'Please enter your e-mail'],
    [{ email: 'ana@example' }, 'Please enter a valid e-mail'],
    [{ code: '12345' }, 'The verification code is 6 digits'],
    [{ code: '12345a' }, 'The verification code is 6 digits'],
    [{ username: 'abc' }, 'Username must be 4 to 20 characters'],
    [{ username: 'a'.repeat(21) }, 'Username must be 4 to 20 characters'],
    [{ username: 'ana-01' }, 'Username may contain only letters, digits and underscores'],
    [{ passwd: 'Short1a' }, 'Password must be 8 to 32 characters'],
    [{ passwd: 'A'.repeat(16) + 'a'.repeat(17) }, 'Password must be 8 to 32 characters'],
    [{ passwd: 'alllower1' }, 'Password needs an uppercase letter'],
    [{ passwd: 'ALLUPPER1' }, 'Password needs a lowercase letter'],
  ])('refuses %o', (patch, message) => {
    expect(issue(EmailSignupRequest.safeParse({ ...valid, ...patch }))).toBe(message);
  });

  it('accepts the bounds themselves', () => {
    expect(EmailSignupRequest.safeParse({ ...valid, username: 'abcd' }).success).toBe(true);
    expect(EmailSignupRequest.safeParse({ ...valid, username: 'a'.repeat(20) }).success).toBe(true);
    expect(EmailSignupRequest.safeParse({ ...valid, passwd: 'Abcdefgh' }).success).toBe(true);
    expect(EmailSignupRequest.safeParse({ ...valid, passwd: 'A' + 'b'.repeat(31) }).success).toBe(true);
  });

  it('strips a mobile number to 6-15 digits and offers only +86', () => {
    const base = { phone: '138 0013-8000', passwd: 'Secret123', code: '123456' };
    expect(PhoneSignupRequest.parse(base).phone).toBe('13800138000');
    expect(issue(PhoneSignupRequest.safeParse({ ...base, phone: '12-345' }))).toBe(
      'Please enter a valid mobile number',
    );
    expect(issue(PhoneSignupRequest.safeParse({ ...base, phone: '1'.repeat(16) }))).toBe(
      'Please enter a valid mobile number',
    );
    expect(PhoneSignupRequest.safeParse({ ...base, phone: '123456' }).success).toBe(true);
    expect(issue(PhoneSignupRequest.safeParse({ ...base, country_code: '1' }))).toBe(
      'Only +86 numbers can sign up',
    );
  });

  it('needs an identifier and a password to log in; a code is digits, at least 6', () => {
    expect(LoginRequest.safeParse({ passwd: 'x' }).success).toBe(false);
    expect(LoginRequest.safeParse({ username: 'ana_01', passwd: '' }).success).toBe(false);
    expect(LoginRequest.safeParse({ username: 'ana_01', passwd: 'x', code: '12345' }).success).toBe(false);
    expect(LoginRequest.safeParse({ username: 'ana_01', passwd: 'x', code: '1234567' }).success).toBe(true);
    expect(LoginRequest.parse({ email: ' Ana@Example.com ', passwd: 'x' }).email).toBe('ana@example.com');
  });

  it('turns any language but en or zh into en', () => {
    expect(SettingsRequest.parse({ language: 'zh' }).language).toBe('zh');
    expect(SettingsRequest.parse({ language: 'fr' }).language).toBe('en');
    expect(SettingsRequest.parse({ language: 42 }).language).toBe('en');
  });

  it('keeps the password checklist in step with the rule', () => {
    expect(passwordChecklist('abc')).toEqual({ length: false, uppercase: false, lowercase: true });
    expect(passwordChecklist('Abcdefgh')).toEqual({ length: true, uppercase: true, lowercase: true });
  });
});
