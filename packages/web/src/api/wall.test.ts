import { afterEach, describe, expect, it } from 'vitest';
import { useAppSettingsStore } from '../stores/app-settings-store';
import { ApiError } from './api-error';
import { wallOf } from './wall';

const refusal = (language: 'en-US' | 'zh-CN' | null) =>
  new ApiError(
    'http',
    403,
    {
      code: 'quota_exceeded',
      error_msg: 'Monthly searches used up',
      reason: 'monthly_searches',
      limit: 30,
      used: 30,
    },
    'HTTP 403',
    language,
  );

afterEach(() => useAppSettingsStore.getState().setLanguage('en-US'));

describe('a wall read from a refusal', () => {
  it('keeps the language the refusal was asked in, not the one the interface switched to since', () => {
    const error = refusal('en-US');
    useAppSettingsStore.getState().setLanguage('zh-CN');
    expect(wallOf(error)).toMatchObject({
      reason: 'monthly_searches',
      message: 'Monthly searches used up',
      language: 'en-US',
      limit: 30,
      used: 30,
    });
  });

  it('takes the interface language when the call did not say', () => {
    useAppSettingsStore.getState().setLanguage('zh-CN');
    expect(wallOf(refusal(null)).language).toBe('zh-CN');
  });
});
