import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { decideErrorAction } from './error-catalogue';

const http = (status: number, body: Record<string, unknown> | null = null) =>
  new ApiError('http', status, body, 'x');
const anonymous = { loggedIn: false, hideErrorMessage: false };
const member = { loggedIn: true, hideErrorMessage: false };

describe('error catalogue', () => {
  it('401 logged in: the Not Authorized modal with the server message or the default', () => {
    expect(decideErrorAction(http(401, { error_msg: 'Session revoked' }), member)).toEqual({
      kind: 'notAuthorizedModal',
      message: 'Session revoked',
    });
    expect(decideErrorAction(http(401), member)).toEqual({ kind: 'notAuthorizedModal', message: null });
  });

  it('401 not logged in: the login modal', () => {
    expect(decideErrorAction(http(401), anonymous)).toEqual({ kind: 'openLogin' });
  });

  it('403: the subscription modal, saying which wall was hit', () => {
    expect(decideErrorAction(http(403, { error_msg: 'Quota' }), member)).toEqual({
      kind: 'openSubscription',
      wall: {
        reason: null,
        message: 'Quota',
        language: 'en-US',
        limit: null,
        used: null,
        renewsAt: null,
        opensAt: null,
      },
    });
    const body = {
      error_msg: 'You have used all 10 downloads of today.',
      code: 'quota_exceeded',
      reason: 'daily_downloads',
      limit: 10,
      used: 10,
      renews_at: '2026-11-22T00:00:00.000Z',
    };
    expect(decideErrorAction(http(403, body), member)).toEqual({
      kind: 'openSubscription',
      wall: {
        reason: 'daily_downloads',
        message: 'You have used all 10 downloads of today.',
        language: 'en-US',
        limit: 10,
        used: 10,
        renewsAt: '2026-11-22T00:00:00.000Z',
        opensAt: null,
      },
    });
  });

  it('403 carrying the locked report: nothing, the viewer shows the wall in place', () => {
    const body = {
      error_msg: 'Opens later',
      code: 'file_age_blocked',
      reason: 'file_age',
      locked_file: { id: 'f' },
    };
    expect(decideErrorAction(http(403, body), anonymous)).toEqual({ kind: 'none' });
    // Without the report (another call's refusal), the plans say why.
    expect(decideErrorAction(http(403, { ...body, locked_file: undefined }), anonymous)).toMatchObject({
      kind: 'openSubscription',
      wall: { reason: 'file_age' },
    });
  });

  it('403 walls no plan lifts: a disabled account, a file link', () => {
    expect(
      decideErrorAction(
        http(403, { code: 'account_disabled', reason: 'account_disabled', error_msg: 'Disabled' }),
        member,
      ),
    ).toEqual({
      kind: 'notAuthorizedModal',
      message: 'Disabled',
    });
    expect(
      decideErrorAction(
        http(403, { code: 'link_expired', reason: 'link', error_msg: 'Reopen the file' }),
        member,
      ),
    ).toEqual({
      kind: 'toast',
      message: 'Reopen the file',
      fallbackKey: 'errors.request.failed',
    });
  });

  it('429 with retry_after_s: the too-frequent toast with the wait', () => {
    expect(
      decideErrorAction(
        http(429, { code: 'too_many_requests', reason: 'rate_limit', retry_after_s: 42 }),
        anonymous,
      ),
    ).toEqual({
      kind: 'toast',
      message: null,
      fallbackKey: 'walls.tooFrequentIn',
      params: { seconds: 42 },
    });
  });

  it('403 region_restricted: the region message, not the plans', () => {
    expect(decideErrorAction(http(403, { code: 'region_restricted', error_msg: 'x' }), member)).toEqual({
      kind: 'toast',
      message: null,
      fallbackKey: 'region.unsupported',
    });
  });

  it('400: a toast with error_msg, detail, or the default', () => {
    expect(decideErrorAction(http(400, { error_msg: 'Bad date' }), anonymous)).toEqual({
      kind: 'toast',
      message: 'Bad date',
      fallbackKey: 'errors.request.failed',
    });
    expect(decideErrorAction(http(400, { detail: 'Bad page' }), anonymous)).toMatchObject({
      message: 'Bad page',
    });
    expect(decideErrorAction(http(400), anonymous)).toMatchObject({
      message: null,
      fallbackKey: 'errors.request.failed',
    });
  });

  it('404: the not-found route', () => {
    expect(decideErrorAction(http(404), anonymous)).toEqual({ kind: 'goToNotFound' });
  });

  it('429: the too-frequent toast', () => {
    expect(decideErrorAction(http(429, { error_msg: 'slow down' }), anonymous)).toEqual({
      kind: 'toast',
      message: null,
      fallbackKey: 'errors.request.tooFrequent',
    });
  });

  it('other statuses: a toast unless hideErrorMessage is set', () => {
    expect(decideErrorAction(http(500, { error_msg: 'Internal error' }), anonymous)).toEqual({
      kind: 'toast',
      message: 'Internal error',
      fallbackKey: 'errors.generic',
    });
    expect(decideErrorAction(http(503), { ...anonymous, hideErrorMessage: true })).toEqual({ kind: 'none' });
  });

  it('network and contract failures get their own messages', () => {
    expect(decideErrorAction(new ApiError('network', 0, null, 'x'), anonymous)).toMatchObject({
      fallbackKey: 'errors.network',
    });
    expect(decideErrorAction(new ApiError('contract', 200, null, 'x'), anonymous)).toMatchObject({
      fallbackKey: 'errors.badResponse',
    });
  });
});
