import { describe, expect, it } from 'vitest';
import { issueText } from './validation-text.js';

describe('the text of a failed check', () => {
  it('keeps the English as zod or the contract wrote it for an English reader', () => {
    const issue = { keyword: 'too_big', message: 'Too big: expected string to have <=50 characters' };
    expect(issueText(issue, 'en')).toBe(issue.message);
    expect(issueText({ keyword: 'custom' }, 'en')).toBe('is invalid');
  });

  it("answers the contract's own message from the catalogue for a Chinese reader", () => {
    expect(issueText({ keyword: 'invalid_format', message: 'Please enter a valid e-mail' }, 'zh')).toBe(
      '请输入有效的电子邮箱',
    );
    expect(issueText({ keyword: 'too_small', message: 'Signature is required' }, 'zh')).toBe('请填写签名');
  });

  it("answers zod's own message in zod's Chinese, with its numbers", () => {
    const text = issueText(
      {
        keyword: 'too_big',
        message: 'Too big: expected string to have <=50 characters',
        params: { origin: 'string', maximum: 50, inclusive: true },
      },
      'zh',
    );
    expect(text).toMatch(/[\u4e00-\u9fff]/);
    expect(text).toContain('50');
    expect(
      issueText(
        {
          keyword: 'invalid_type',
          message: 'Invalid input: expected number, received string',
          params: { expected: 'number' },
        },
        'zh',
      ),
    ).toBe('无效输入：期望 number，实际接收 string');
  });

  it('answers in Chinese even for a check zod has no words for', () => {
    expect(issueText({ keyword: 'no_such_check', message: 'Something odd' }, 'zh')).toMatch(
      /[\u4e00-\u9fff]/,
    );
    expect(issueText({ keyword: 'custom' }, 'zh')).toBe('无效');
  });
});
