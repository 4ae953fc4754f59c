import { GLOSSARY_IMPORT_MAX_CHARS, GLOSSARY_MAX_FORM_LENGTH, GLOSSARY_MAX_FORMS } from '@rl/contract';
import type { Bilingual } from './bilingual.js';

/** The console's glossary: the contract's checks of a term and the service's refusals. */
export const glossaryMessages = {
  glossaryFormEmpty: { en: 'a form is empty', zh: '有一个写法为空' },
  glossaryFormTooLong: {
    en: `a form is longer than ${GLOSSARY_MAX_FORM_LENGTH} characters`,
    zh: `写法不能超过 ${GLOSSARY_MAX_FORM_LENGTH} 个字符`,
  },
  glossaryFormCharacters: {
    en: 'a form may not hold | " tabs or line breaks',
    zh: '写法中不能含有 |、"、制表符或换行',
  },
  glossaryZhNeedsHan: { en: 'each Chinese form holds Chinese characters', zh: '每个中文写法都须含有汉字' },
  glossaryEnNeedsLatin: {
    en: 'each English form holds Latin letters and no Chinese characters',
    zh: '每个英文写法都须含有拉丁字母且不含汉字',
  },
  glossaryNoForms: { en: 'give at least one form', zh: '请至少填写一个写法' },
  glossaryTooManyForms: {
    en: `at most ${GLOSSARY_MAX_FORMS} forms`,
    zh: `最多 ${GLOSSARY_MAX_FORMS} 个写法`,
  },
  glossaryFormTwice: { en: 'a form is given twice', zh: '同一写法填写了两次' },
  glossaryIdRequired: { en: 'id is required', zh: '请填写 id' },
  glossaryBadDomain: { en: 'not a glossary domain', zh: '不是术语表的领域' },
  glossaryCsvEmpty: { en: 'the CSV is empty', zh: 'CSV 为空' },
  glossaryCsvTooLong: {
    en: `the CSV is longer than ${GLOSSARY_IMPORT_MAX_CHARS} characters`,
    zh: `CSV 不能超过 ${GLOSSARY_IMPORT_MAX_CHARS} 个字符`,
  },
  glossaryTermNotFound: { en: 'Glossary term not found', zh: '术语不存在' },
  glossaryFormTaken: {
    en: 'The Chinese form “{form}” already belongs to the term “{term}”',
    zh: '中文写法“{form}”已属于术语“{term}”',
  },
  glossaryOnlyBuiltinRestores: {
    en: 'Only a built-in term can be restored; delete a term added here instead',
    zh: '只有内置术语可以恢复；自行添加的术语请直接删除',
  },
  glossaryCsvRefused: {
    en: 'The CSV was not imported: {count} lines have problems (nothing was changed)',
    zh: 'CSV 未导入：有 {count} 行存在问题（未做任何更改）',
  },
  glossaryCsvQuote: { en: 'a quoted cell is not closed', zh: '有一个带引号的单元格没有闭合' },
  glossaryCsvHeader: {
    en: 'the first line must be the header zh,en,domain',
    zh: '第一行必须是表头 zh,en,domain',
  },
  glossaryCsvTooManyLines: { en: 'the CSV has more than {max} lines', zh: 'CSV 超过 {max} 行' },
  glossaryCsvColumns: {
    en: 'expected 3 cells (zh, en, domain), found {count}',
    zh: '应有 3 个单元格（zh、en、domain），实际为 {count} 个',
  },
  glossaryCsvCell: { en: '{column}: {problem}', zh: '{column}：{problem}' },
  glossaryCsvTwice: {
    en: 'the Chinese form “{form}” is also on line {other}',
    zh: '中文写法“{form}”在第 {other} 行也出现了',
  },
  glossaryCsvTwoTerms: {
    en: 'its Chinese forms belong to two terms, “{a}” and “{b}”',
    zh: '其中文写法分属两个术语：“{a}”和“{b}”',
  },
} satisfies Record<string, Bilingual>;
