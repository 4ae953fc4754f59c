import { findDates } from '../dates.js';

/*
 * Lines of a report's first page that are never its title, recognised by their shape: contact
 * details, legal notices, page furniture, the name of a department or a series, section headings.
 */

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const URL = /\bwww\.|https?:\/\/|\.(?:com|net|org|gov)(?:\.\w{2})?\b/i;
/** Telephone numbers: +852 2600 8632, (86-21) 6106 6505, +44(20)7552-1341. */
const PHONE = /(?:\+|\(\d{2,3}[-\s)]|\btel\b|电话)[\d\s()+-]{7,}/i;
/** What legal notices and disclosure pointers say. */
const NOTICE =
  /\b(?:disclosures?|disclaimer|analyst certification|certification|see (?:page|appendix)|refer to|important information|must be read|this (?:report|document|material)|all rights reserved|copyright|for the exclusive use|not for (?:re)?distribution|seeks to do business|conflicts? of interest)\b|©|请务必|敬请|谨请|请参阅|请阅读|免责|声明|重要提示|风险提示|法律|信息披露|版权/i;
/** Page numbers: "1 / 12", "Page 3", "- 2 -". */
const PAGE_NUMBER = /^(?:page\s*)?[-–]?\s*\d{1,3}\s*(?:\/|of)?\s*\d{0,3}\s*[-–]?$|\b\d{1,3}\s*\/\s*\d{1,3}$/i;
/** Headings of a section of the note rather than its title. */
const SECTION =
  /^(?:(?:chapter|part|section|appendix|annex)\s+[\dIVXA-Z]+\b|(?:executive\s+)?summary\b|contents\b|table of contents|key (?:takeaways|points|statistics|data|changes)|investment (?:summary|thesis|highlights)|highlights|market data|financial summary|research analysts?|analysts?'?s? notes?|投资要点|主要观点|核心观点|报告摘要|摘要|目录|要点|投资建议|风险提示)/i;
/** A department or series ends in such a word: "Asia Pacific Equity Research", "固定收益研究". */
const DEPARTMENT_WORD =
  /(?:\b(?:research|equities|equity|strategy|economics|fixed income|credit|markets?|update|notes?|coverage|comment(?:ary)?|flash|daily|weekly|monthly)|研究|报告|日报|周报|月报|点评|简报|专题|策略|研究所|研究部|收益|工程|投资)$/i;

/** A line split into parts by the separators departments and series are printed with. */
function departmentParts(line: string): string[] {
  return line.split(/\s*[|｜•●·/]\s*/).filter(Boolean);
}

const words = (s: string) => s.match(/[A-Za-z][A-Za-z'’&-]*/g)?.length ?? 0;
const han = (s: string) => s.match(/[\u4e00-\u9fff]/g)?.length ?? 0;
const isShort = (s: string) => words(s) + han(s) / 2 <= 5;

/**
 * A department, a desk or a series printed above the title: a few words ending in a word such as
 * Research or 报告 ("Asia Pacific Equity Research", "证券研究报告", "2010 中期策略会专题报告"), or short
 * parts joined by separators ("China (PRC) | Technology", "证券研究报告•宏观报告").
 */
export function isDepartmentLine(line: string): boolean {
  const text = line.replace(/\s+/g, ' ').trim();
  const parts = departmentParts(text);
  if (parts.length >= 2 && parts.every(isShort) && !/[:：]\s*\S/.test(text)) return true;
  if (/[:：?？]/.test(text) || /^—/.test(text)) return false;
  const hanCount = han(text);
  if (hanCount > 0) return hanCount <= 10 && DEPARTMENT_WORD.test(text);
  return words(text) <= 5 && DEPARTMENT_WORD.test(text) && /^[A-Z\d]/.test(text);
}

/** A line that only states a date (and maybe a time or weekday): a dateline. */
export function isDateLine(line: string): boolean {
  const dates = findDates(line);
  if (dates.length === 0 && !/^\d{8}$/.test(line.trim())) return false;
  const rest = line
    .replace(/\d{1,2}:\d{2}(?::\d{2})?\s*(?:AM|PM)?/gi, '')
    .replace(/\b(?:UTC|GMT|BST|HKT|EST|EDT|CST|JST|SGT)\b/g, '')
    .replace(/\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*\b/gi, '')
    .replace(/\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?/gi, '')
    .replace(/[\d\s,./|:：年月日()-]+/g, '');
  return rest.length <= 12;
}

/** A person's label ("作者：", "Presenter:"), or a table of contents' dot leaders. */
const PERSON_LABEL =
  /^(?:作者|演讲人|主讲人|报告人|姓名|队员|撰写|编写|authors?|presenters?|speakers?|prepared by)\s*[:：]|姓名\s*[:：]/i;
const LEADERS = /[.．·…⋯]{4,}|(?:…|⋯){2,}/;

/**
 * A line of the rating box repeated as a running header: "Target price: HKD725.00 (from
 * HKD725.00)", "Rating: Buy", "目标价：79.53元".
 */
const DATA_LINE =
  /^(?:(?:12|6)[- ]?(?:month|mth|m)\s+)?(?:target price|price target|price objective|fair value(?: estimate)?|TP|PT|PO|(?:stock |investment )?rating|recommendation|share price|closing price|目标价(?:格)?|合理价值|投资评级|公司评级|评级|当前价格?|收盘价)\s*(?:[(（][^)）]{0,12}[)）])?\s*[:：]/i;
/** The firm's legal name with its desk: "Equity Research Department, Zenith Securities Co., Ltd.", "远景证券股份有限公司". */
const LEGAL_NAME =
  /\b(?:securities|research|capital|markets|investment|bank|brokerage)\b.{0,40}\b(?:co\.?,?\s*ltd|limited|ltd|llc|inc|plc|corporation)\.?$|(?:证券|研究所|研究院).{0,10}(?:股份有限公司|有限责任公司|有限公司)$/i;

/** A line of a note's data box (its rating, target or price), never its title even when printed large. */
export function isDataLine(line: string): boolean {
  return DATA_LINE.test(line.trim());
}

/** True for lines that cannot be a report's title whatever their size. */
export function isBoilerplateLine(line: string): boolean {
  const text = line.trim();
  if (!text) return true;
  if (EMAIL.test(text) || URL.test(text) || PHONE.test(text)) return true;
  if (NOTICE.test(text) || PAGE_NUMBER.test(text) || SECTION.test(text)) return true;
  if (/\bS\d{13}\b|执业证书|资格编号|SAC\b/.test(text)) return true;
  if (/\bAnalysts?\b|分析师|研究助理|联系人/.test(text)) return true;
  if (PERSON_LABEL.test(text) || LEADERS.test(text)) return true;
  if (LEGAL_NAME.test(text)) return true;
  return isDepartmentLine(text);
}
