import { GLOSSARY_MAX_FORM_LENGTH, GLOSSARY_MAX_FORMS, GlossaryEnForms, GlossaryZhForms } from '@rl/contract';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

type RuleWord =
  'required' | 'tooMany' | 'twice' | 'empty' | 'tooLong' | 'forbidden' | 'needsChinese' | 'needsLatin';

/**
 * The contract's messages on a list of forms, each with the interface's words for it. The contract
 * holds the rules; the web only translates its verdicts, as the server does (by the English text).
 * A message not listed here shows as the contract says it (the tests list every one).
 */
const WORDS: Record<string, RuleWord> = {
  'give at least one form': 'required',
  [`at most ${GLOSSARY_MAX_FORMS} forms`]: 'tooMany',
  'a form is given twice': 'twice',
  'a form is empty': 'empty',
  [`a form is longer than ${GLOSSARY_MAX_FORM_LENGTH} characters`]: 'tooLong',
  'a form may not hold | " tabs or line breaks': 'forbidden',
  'each Chinese form holds Chinese characters': 'needsChinese',
  'each English form holds Latin letters and no Chinese characters': 'needsLatin',
};

const SCHEMAS = { zh: GlossaryZhForms, en: GlossaryEnForms };

/** What is wrong with one language's forms by the contract (the first issue), or null. */
export function formsProblem(language: 'zh' | 'en', forms: unknown, t: TFunction): string | null {
  const issue = SCHEMAS[language].safeParse(forms ?? []).error?.issues[0];
  if (!issue) return null;
  const word = WORDS[issue.message];
  const problem = word
    ? t(`admin.glossary.rule.${word}`, {
        max: word === 'tooLong' ? GLOSSARY_MAX_FORM_LENGTH : GLOSSARY_MAX_FORMS,
      })
    : issue.message;
  // An issue of one form names it: in a list of tags the admin sees at once which one to fix.
  const at = issue.path[0];
  const form = typeof at === 'number' && Array.isArray(forms) ? String(forms[at] ?? '').trim() : '';
  return form ? t('admin.glossary.rule.atForm', { form, problem }) : problem;
}

/** The form rule of the Chinese or English forms field. */
export function formsRule(language: 'zh' | 'en', t: TFunction): FormRule {
  return {
    validator: async (_, value: unknown) => {
      const problem = formsProblem(language, value, t);
      if (problem) throw new Error(problem);
    },
  };
}
