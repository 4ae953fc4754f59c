import {
  ISSUER_NAME_MAX,
  MY_FILE_AUTHOR_MAX,
  MY_FILE_AUTHORS_MAX,
  MY_FILE_TAG_MAX,
  MY_FILE_TAGS_MAX,
  MY_FILE_TITLE_MAX,
} from '@rl/contract';
import type { Bilingual } from './bilingual.js';

/**
 * Corrections of an upload (the owner's and the console's): title, issuer, publish date, analysts,
 * type, tags, the note's companies and sector.
 */
export const uploadEditMessages = {
  enterTitle: { en: 'Please enter a title', zh: '请输入标题' },
  titleAtMost: {
    en: `A title is at most ${MY_FILE_TITLE_MAX} characters`,
    zh: `标题最多 ${MY_FILE_TITLE_MAX} 个字符`,
  },
  enterIssuer: { en: 'Please enter an issuer', zh: '请输入发布机构' },
  issuerAtMost: {
    en: `An issuer is at most ${ISSUER_NAME_MAX} characters`,
    zh: `发布机构最多 ${ISSUER_NAME_MAX} 个字符`,
  },
  enterAnalyst: { en: 'Please enter an analyst', zh: '请输入分析师' },
  analystAtMost: {
    en: `An analyst's name is at most ${MY_FILE_AUTHOR_MAX} characters`,
    zh: `分析师姓名最多 ${MY_FILE_AUTHOR_MAX} 个字符`,
  },
  analystsAtMost: {
    en: `At most ${MY_FILE_AUTHORS_MAX} analysts`,
    zh: `最多 ${MY_FILE_AUTHORS_MAX} 位分析师`,
  },
  enterTag: { en: 'Please enter a tag', zh: '请输入标签' },
  tagAtMost: {
    en: `A tag is at most ${MY_FILE_TAG_MAX} characters`,
    zh: `标签最多 ${MY_FILE_TAG_MAX} 个字符`,
  },
  tagsAtMost: { en: `At most ${MY_FILE_TAGS_MAX} tags`, zh: `最多 ${MY_FILE_TAGS_MAX} 个标签` },
  textHasControlCharacters: { en: 'The text has control characters', zh: '文字含有控制字符' },
  editNothingGiven: {
    en: 'Give a new title, issuer, publish date, analysts, report type, tags, companies or sector',
    zh: '请填写要更正的标题、发布机构、发布日期、分析师、报告类型、标签、公司或行业',
  },
  tickerForm: { en: 'a ticker such as 600519.SH or AAPL.US', zh: '股票代码格式如 600519.SH 或 AAPL.US' },
  companyNameForm: { en: 'a company name', zh: '公司名称（须含文字或数字）' },
  tickerOrCompanyName: { en: 'give either a ticker or a name', zh: '请提供股票代码或公司名称（二选一）' },
  currencyForm: {
    en: 'A currency is an ISO 4217 code such as CNY or USD',
    zh: '币种须为 ISO 4217 代码，如 CNY 或 USD',
  },
  companiesAtMost: { en: 'At most 20 companies', zh: '最多 20 家公司' },
  companyTwice: { en: 'A company is listed twice ({ticker})', zh: '公司重复列出（{ticker}）' },
  publishDateInFuture: {
    en: 'The publish date cannot be later than today ({today})',
    zh: '发布日期不能晚于今天（{today}）',
  },
} satisfies Record<string, Bilingual>;
