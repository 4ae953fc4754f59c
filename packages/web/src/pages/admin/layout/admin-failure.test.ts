import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { i18n, initI18n } from '../../../locale/i18n';
import { adminErrorMessage, loginPathFor, redirectTarget } from './admin-failure';

initI18n();
const t = i18n.t.bind(i18n);

describe('console failures and redirects', () => {
  it('says what failed: the server message, else a translated reason', () => {
    expect(adminErrorMessage(new ApiError('http', 400, { error_msg: 'Username taken' }, 'HTTP 400'), t)).toBe(
      'Username taken',
    );
    expect(adminErrorMessage(new ApiError('http', 429, { error_msg: 'slow down' }, 'HTTP 429'), t)).toBe(
      'Request too frequent, please try again later',
    );
    expect(adminErrorMessage(new ApiError('network', 0, null, 'Network error'), t)).toBe(
      'Cannot reach the server, please check your connection',
    );
    expect(adminErrorMessage(new ApiError('http', 502, null, 'HTTP 502'), t)).toBe(
      'Request failed, please try again later',
    );
  });

  it('leads to the login with the console page to return to', () => {
    expect(loginPathFor({ pathname: '/admin/users', search: '?page=2' })).toBe(
      '/admin/login?redirect=%2Fadmin%2Fusers%3Fpage%3D2',
    );
    expect(loginPathFor({ pathname: '/admin/login', search: '?redirect=x' })).toBe('/admin/login');
  });

  it('returns only to console pages after login', () => {
    expect(redirectTarget('/admin/files?status=failed')).toBe('/admin/files?status=failed');
    expect(redirectTarget('/admin')).toBe('/admin');
    expect(redirectTarget(null)).toBe('/admin/dashboard');
    expect(redirectTarget('https://evil.example/admin')).toBe('/admin/dashboard');
    expect(redirectTarget('//evil.example')).toBe('/admin/dashboard');
    expect(redirectTarget('/administrator')).toBe('/admin/dashboard');
    expect(redirectTarget('/admin/login?redirect=/admin')).toBe('/admin/dashboard');
  });
});
