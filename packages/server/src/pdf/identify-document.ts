import { CORPORATE_SUFFIX, tidyCompanyName } from './company-name.js';

/** The kinds of documents whose layout tells who published them and what they are. */
export type DocumentKind = 'sec_filing' | 'press_release' | 'cn_company_report' | 'broker_note' | 'other';

export interface DocumentIdentity {
  kind: DocumentKind;
  issuer: string | null;
  /** A title built from the document's own structure (form and period, report name). */
  title: string | null;
  /** The type of document, as a short tag in English and Chinese. */
  type: { en: string; zh: string } | null;
}

/** How many leading pages may hold a filing's cover (glossy annual reports put letters first). */
const COVER_SEARCH_PAGES = 12;

const SEC_FORMS: Record<string, { en: string; zh: string }> = {
  '10-K': { en: 'Annual report', zh: '年度报告' },
  '10-Q': { en: 'Quarterly report', zh: '季度报告' },
  '8-K': { en: 'Current report', zh: '临时报告' },
  '20-F': { en: 'Annual report', zh: '年度报告' },
  '6-K': { en: 'Current report', zh: '临时报告' },
};

/** Recognises SEC filings, earnings releases, Chinese listed-company reports and broker notes. */
export function identifyDocument(pages: readonly string[]): DocumentIdentity {
  return (
    secFiling(pages) ??
    chineseCompanyReport(pages) ??
    // Before press releases: a note on a listed company prints "(NYSE: JPM)" too, but it is the broker's.
    brokerNote(pages) ??
    federalRegisterDocument(pages[0] ?? '') ??
    pressRelease(pages[0] ?? '') ?? { kind: 'other', issuer: institution(pages), title: null, type: null }
  );
}

/** Publishers of economic research that name themselves throughout their reports. */
const INSTITUTIONS: [string, RegExp][] = [
  ['International Monetary Fund', /\bIMF\b|International Monetary Fund|国际货币基金组织/g],
  ['Federal Reserve', /Federal Reserve|\bFOMC\b|美联储/g],
  ['European Central Bank', /\bECB\b|European Central Bank|欧洲央行/g],
  ['Bank of England', /Bank of England/g],
  ['Bank of Japan', /Bank of Japan|\bBOJ\b|日本银行/g],
  ["People's Bank of China", /People's Bank of China|\bPBOC\b|中国人民银行/g],
  ['World Bank', /World Bank|世界银行/g],
  ['Bank for International Settlements', /\bBIS\b|Bank for International Settlements/g],
  ['OECD', /\bOECD\b|经合组织/g],
];

/** The institution named most often in the opening pages, if it is named often enough. */
function institution(pages: readonly string[]): string | null {
  const text = pages.slice(0, 6).join('\n');
  let best: string | null = null;
  let most = 2; // named at least three times
  for (const [name, re] of INSTITUTIONS) {
    const n = text.match(re)?.length ?? 0;
    if (n > most) [best, most] = [name, n];
  }
  return best;
}

/** What only a filing's cover page has (PepsiCo prints "(Commission\nFile Number)"). */
const COVER_MARKER =
  /Exact name of registrant|Commission\s+file\s+(?:number|no)|I\.?R\.?S\.? (?:Employer|ID)/i;

function secFiling(pages: readonly string[]): DocumentIdentity | null {
  for (const page of pages.slice(0, COVER_SEARCH_PAGES)) {
    // A cover, not a letter or a release that mentions the Commission and a Form 10-K.
    if (!/SECURITIES AND EXCHANGE COMMISSION/i.test(page) || !COVER_MARKER.test(page)) continue;
    const form = /\bFORM\s+(10-K|10-Q|8-K|20-F|6-K)\b/i.exec(page)?.[1]?.toUpperCase();
    if (!form) continue;
    const issuer = registrant(page);
    const period = /For the (?:fiscal year|quarterly period|quarter|period) ended/i.exec(page);
    const periodEnd = period
      ? /^[\s\S]{0,40}?([A-Z][a-z]+\.? \d{1,2}, \d{4})/.exec(page.slice(period.index + period[0].length))?.[1]
      : undefined;
    const what =
      period && periodEnd ? `, ${period[0].replace(/^For the /i, '').toLowerCase()} ${periodEnd}` : '';
    return {
      kind: 'sec_filing',
      issuer,
      title: issuer ? `${issuer} Form ${form}${what}` : null,
      type: SEC_FORMS[form] ?? null,
    };
  }
  return null;
}

/** The registrant's name on a filing cover: the line above "(Exact name of registrant ...)". */
function registrant(cover: string): string | null {
  const lines = cover.split('\n').map((l) => l.trim());
  const at = lines.findIndex((l) => /\(Exact name of registrant/i.test(l));
  if (at >= 0) {
    const sameLine = lines[at]?.split(/\(Exact name/i)[0]?.trim();
    const above = lines
      .slice(0, at)
      .reverse()
      .find((l) => /[A-Za-z]{2,}/.test(l) && !/^_+$/.test(l));
    const name = sameLine || above;
    if (name) return tidyCompanyName(name);
  }
  // Some covers (3M, Microsoft) print the name under the Commission file number instead.
  const fileNo = lines.findIndex((l) => /Commission\s+file\s+(?:number|no)/i.test(l));
  const next = lines
    .slice(fileNo + 1, fileNo + 3)
    .find((l) => CORPORATE_SUFFIX.test(l) || /^[A-Z0-9&.,' ]{4,}$/.test(l));
  return fileNo >= 0 && next ? tidyCompanyName(next) : null;
}

/**
 * A rule or notice of the US Federal Register: its heading sits just above "AGENCY:", which names
 * the agency that issued it ("AGENCY: Federal Aviation Administration (FAA), DOT.").
 */
function federalRegisterDocument(firstPage: string): DocumentIdentity | null {
  const at = firstPage.search(/^AGENCY:/m);
  if (at < 0 || !/^ACTION:/m.test(firstPage) || !/^SUMMARY:/m.test(firstPage)) return null;
  const agency = /^AGENCY:\s*([\s\S]{3,120}?)\s*(?:\(|[,;.]\s|\n\n)/.exec(firstPage.slice(at))?.[1];
  const above = firstPage.slice(0, at).trimEnd();
  const heading = above
    .slice(above.lastIndexOf('\n\n') + 2)
    .replace(/\s+/g, ' ')
    .trim();
  return {
    kind: 'other',
    issuer: agency ? agency.replace(/\s+/g, ' ') : null,
    title: heading.length >= 8 ? heading : null,
    type: { en: 'Federal Register', zh: '联邦公报' },
  };
}

function pressRelease(firstPage: string): DocumentIdentity | null {
  // "Johnson & Johnson (NYSE: JNJ)", "Costco Wholesale Corporation (“Costco” …) (Nasdaq: COST)"
  const listed =
    /((?:[A-Z][\w&.'’-]*|&)(?:\s+(?:[A-Z][\w&.'’-]*|&))*)\s*(?:\([^()]{0,60}\)\s*)?\((?:NYSE|Nasdaq|NASDAQ|Nasdaq GS)\s*:\s*[A-Z.]{1,6}\)/.exec(
      firstPage,
    );
  const today = /((?:[A-Z][\w&.'’-]*|&)(?:\s+(?:[A-Z][\w&.'’-]*|&))*)\s+today\s+(?:reported|announced)/.exec(
    firstPage,
  );
  const issuer = listed?.[1] ?? today?.[1];
  if (!issuer) return null;
  const company = tidyCompanyName(issuer);
  return {
    kind: 'press_release',
    issuer: company,
    // Some releases set their headline as an image.
    title: headline(firstPage) ?? `${company} earnings release`,
    type: { en: 'Earnings release', zh: '业绩公告' },
  };
}

/** "Pfizer Reports Second-Quarter 2023 Results", with its wrapped continuation ("and Year-to-Date …"). */
function headline(firstPage: string): string | null {
  const lines = firstPage.split('\n').map((l) => l.trim());
  const at = lines.slice(0, 12).findIndex((l) => /\bReports\b.*\b(?:Results|Quarter)\b/.test(l));
  if (at < 0) return null;
  let title = lines[at] ?? '';
  for (const next of lines.slice(at + 1, at + 3)) {
    if (!/^[a-z]/.test(next)) break;
    title += ` ${next}`;
  }
  return title;
}

const CN_COMPANY = /[\u4e00-\u9fff（）()]{2,30}?(?:股份有限公司|有限责任公司|有限公司)/;
const CN_REPORT = /(\d{4})\s*年\s*(年度报告|半年度报告|第[一二三四]季度报告)/;

function chineseCompanyReport(pages: readonly string[]): DocumentIdentity | null {
  const cover = pages.slice(0, 2).join('\n');
  const report = CN_REPORT.exec(cover);
  const company = CN_COMPANY.exec(cover)?.[0];
  if (!report || !company || /证券研究报告/.test(cover)) return null;
  const annual = report[2] === '年度报告';
  return {
    kind: 'cn_company_report',
    issuer: company,
    title: `${company}${report[1]}年${report[2]}`,
    type: annual
      ? { en: 'Annual report', zh: '年度报告' }
      : report[2] === '半年度报告'
        ? { en: 'Interim report', zh: '半年度报告' }
        : { en: 'Quarterly report', zh: '季度报告' },
  };
}

/** Words after 证券 that make it an exchange, a newspaper or a generic term, not a broker. */
const NOT_BROKER = /^(?:交易所|报|市场|投资|业|研究(?![所院])|监督|登记|日报|时报|代码|简称|账户|公司客户)/;

/**
 * What only sell-side and independent research prints: an analyst certification, the standard
 * notice that the firm "does and seeks to do business" with the companies it covers, analysts'
 * registration numbers, an analyst's byline.
 */
const RESEARCH_MARKERS =
  /证券研究报告|证券分析师|(?:分析师|分析员)[\s\S]{0,40}(?:资格编号|执业证书|执证编号|SAC)|analyst certification|\bReg AC\b|Disclosure Appendix|seeks to do business with companies|SAC Registration|\b(?:Research|Equity) Analysts?\b|Analyst'?s Notes|Analysis by [A-Z][a-z]+ [A-Z]/i;

function brokerNote(pages: readonly string[]): DocumentIdentity | null {
  const text = [...pages.slice(0, 6), ...pages.slice(-4)].join('\n');
  if (!RESEARCH_MARKERS.test(text)) return null;
  return {
    kind: 'broker_note',
    issuer: brokerName(text),
    title: null,
    type: { en: 'Broker note', zh: '研究报告' },
  };
}

/**
 * Brokers name themselves (德邦证券) all over their notes. Count the two to four Han characters
 * before each 证券 and keep the longest name that occurs about as often as the most frequent one,
 * so that 国泰君安证券 beats 君安证券 while 本报告仅供德邦证券 does not beat 德邦证券.
 */
export function brokerName(text: string): string | null {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/证券/g)) {
    if (NOT_BROKER.test(text.slice(m.index + 2, m.index + 6))) continue;
    const before = /[\u4e00-\u9fff]{0,4}$/.exec(text.slice(Math.max(0, m.index - 4), m.index))?.[0] ?? '';
    for (let n = 2; n <= before.length; n++) {
      const name = before.slice(-n) + '证券';
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  const top = Math.max(0, ...counts.values());
  const names = [...counts].filter(([, c]) => c >= top * 0.8 && top >= 2).map(([name]) => name);
  return names.sort((a, b) => b.length - a.length)[0] ?? null;
}
