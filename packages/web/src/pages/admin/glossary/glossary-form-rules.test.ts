import { GLOSSARY_MAX_FORM_LENGTH, GLOSSARY_MAX_FORMS } from '@rl/contract';
import { describe, expect, it } from 'vitest';
import { consoleMessages } from '../../../locale/console-messages';
import { i18n, initI18n } from '../../../locale/i18n';
import { registerConsoleMessages } from '../../../locale/register-console-messages';
import { formsProblem } from './glossary-form-rules';

initI18n();
registerConsoleMessages();
const en = i18n.getFixedT('en-US');
const zh = i18n.getFixedT('zh-CN');
const words = consoleMessages['en-US'];
const LONG = '利'.repeat(GLOSSARY_MAX_FORM_LENGTH + 1);

describe('glossary form rules', () => {
  it('pass good forms', () => {
    expect(formsProblem('zh', ['利率', '息率'], en)).toBeNull();
    expect(formsProblem('en', ['interest rate', 'P/E ratio'], en)).toBeNull();
  });

  // Each of the contract's verdicts has words here: one the table does not know would show in
  // the contract's English in both languages (a reworded contract message fails this test).
  it.each([
    ['zh', [], words['admin.glossary.rule.required']],
    [
      'zh',
      Array.from({ length: GLOSSARY_MAX_FORMS + 1 }, (_, i) => `利率${i}`),
      `At most ${GLOSSARY_MAX_FORMS} forms`,
    ],
    ['zh', ['利率', '利率'], words['admin.glossary.rule.twice']],
    ['zh', ['利率', '  '], words['admin.glossary.rule.empty']],
    ['zh', [LONG], `"${LONG}": A form is longer than ${GLOSSARY_MAX_FORM_LENGTH} characters`],
    ['zh', ['利|率'], `"利|率": ${words['admin.glossary.rule.forbidden']}`],
    ['zh', ['rate'], `"rate": ${words['admin.glossary.rule.needsChinese']}`],
    ['en', ['利率'], `"利率": ${words['admin.glossary.rule.needsLatin']}`],
    ['en', ['rate 利率'], `"rate 利率": ${words['admin.glossary.rule.needsLatin']}`],
    ['en', ['rate', ' rate '], words['admin.glossary.rule.twice']],
  ] as const)('words the contract verdict %# on %s forms', (language, forms, said) => {
    expect(formsProblem(language, forms, en)).toBe(said);
  });

  it('speaks the interface language', () => {
    expect(formsProblem('zh', [], zh)).toBe('请至少填写一个写法');
    expect(formsProblem('en', ['利率'], zh)).toBe('“利率”：每个英文写法都须含有拉丁字母且不含汉字');
  });
});
