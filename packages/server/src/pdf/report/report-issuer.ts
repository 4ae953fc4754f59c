/*
 * The firm that wrote a report, from what only the author prints: its legal notices ("J.P. Morgan
 * does and seeks to do business with companies covered in its research reports", "© 2026 CLSA
 * Limited", 本报告版权归国信证券所有) and its analysts' e-mail domain. The company a note covers is
 * named as often, but never in those places.
 */

const NAME = String.raw`[A-Z][\w.&’'-]*(?:[ \t]+(?:&|[A-Z][\w.&’'-]*)){0,5}`;
/** "J.P. Morgan does and seeks to do business with companies covered in its research reports." */
const SEEKS_BUSINESS = new RegExp(
  String.raw`(?<=^|\n|[.;:]\s|that\s)(${NAME})\s+(?:does|do)\s+(?:business\s+)?(?:and|or)\s+seeks\s+to\s+(?:do|have)\b`,
  'g',
);
const COPYRIGHT = new RegExp(
  String.raw`(?:©|\(c\)|Copyright)\s*(?:©\s*)?(?:Copyright\s*)?(?:(?:19|20)\d{2}[,.]?\s*)?(${NAME})`,
  'g',
);
const ZH_COPYRIGHT =
  /版权(?:所有)?\s*(?:仅)?(?:为|归|属于?)?\s*(?:\d{4}\s*年)?([\u4e00-\u9fff]{2,20}?)(?:所有|股份有限公司|有限责任公司|有限公司)/g;
/** 本报告由远景证券股份有限公司研究所制作: the disclaimer names the firm that made the note. */
const ZH_MADE_BY =
  /本(?:研究)?报告(?:仅)?由\s*([\u4e00-\u9fff]{2,20}?)(?:股份有限公司|有限责任公司|有限公司)?(?:研究所|研究院|研究部|研究中心)?(?:制作|发布|编制|撰写|提供)/g;
const EMAIL_DOMAIN = /[\w.+-]+@([\w-]+)\.(?:com|net|co|cn|hk)\b/g;
/** Legal forms and places that follow a firm's name. */
const LEGAL_TAIL =
  /(?:[\s,]+(?:\([^)]*\)|Inc\.?|Incorporated|Corporation|Corp\.?|Company|Co\.?|Limited|Ltd\.?|LLC|L\.L\.C\.|LLP|L\.P\.|plc|PLC|AG|SA|S\.A\.|N\.V\.|SE|Group|All|Rights|Reserved|The|Unless|Certain|No)\b\.?)+$/;
const ZH_LEGAL_TAIL = /(?:股份有限公司|有限责任公司|有限公司)$/;
/** Words that begin a sentence rather than a firm's name. */
const NOT_FIRM =
  /^(?:The|This|These|Its|All|Any|No|Investors?|Information|Research|Company-Specific|Copyright|Reserved|Sustainalytics)\b/;

/** Where a firm's name ends in a notice: its legal form, or the words after it. */
const NAME_END =
  /\s+(?:Inc|Incorporated|Company|Co\.|Corporation|Corp|LLC|LLP|Ltd|Limited|plc|PLC|AG|S\.A|N\.V|Analyst|Report|All Rights|Equity Research)(?:\b|(?<=\.)).*$/;

export function tidyFirm(raw: string): string {
  // A sentence ends after a word of three letters or more and a full stop ("Goldman Sachs. All …").
  let name = raw
    .trim()
    .replace(/\b([A-Za-z]{3,})\.\s.*$/, '$1')
    .replace(NAME_END, '')
    .replace(/[.,;:]+$/, '');
  for (let i = 0; i < 3; i++) name = name.replace(LEGAL_TAIL, '').trim();
  return name.replace(/\s+/g, ' ');
}

function count(text: string, re: RegExp, into: Map<string, number>, weight: number, tidy = tidyFirm): void {
  for (const m of text.matchAll(re)) {
    const firm = tidy(m[1] ?? '');
    if (firm.length < 2 || NOT_FIRM.test(firm)) continue;
    into.set(firm, (into.get(firm) ?? 0) + weight);
  }
}

const key = (firm: string) => firm.toLowerCase().replace(/[^a-z\u4e00-\u9fff]/g, '');

/** The analysts' firm by its e-mail domain, when the text prints that name as a word (HSBC, UBS, Nomura). */
function firmOfDomain(text: string): string | null {
  const domains = new Map<string, number>();
  for (const m of text.matchAll(EMAIL_DOMAIN)) {
    const d = (m[1] ?? '').toLowerCase();
    if (d.length >= 3) domains.set(d, (domains.get(d) ?? 0) + 1);
  }
  const top = [...domains].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!top) return null;
  const spelled = new Map<string, number>();
  for (const m of text.matchAll(/\b[A-Z][A-Za-z.]*(?:[ \t][A-Z][A-Za-z]*)?\b/g)) {
    const word = m[0];
    if (key(word) === top) spelled.set(word, (spelled.get(word) ?? 0) + 1);
  }
  const best = [...spelled].sort((a, b) => b[1] - a[1])[0];
  return best && best[1] >= 2 ? best[0] : null;
}

/** The English-language firm that wrote a report, or null. */
export function englishIssuer(pages: readonly string[], research: boolean): string | null {
  const text = pages.join('\n');
  const seeks = new Map<string, number>();
  count(text, SEEKS_BUSINESS, seeks, 1);
  const bySeeks = [...seeks].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (bySeeks) return expandAbbreviation(bySeeks, text);
  // Only analysts' addresses name the author; elsewhere an address may be anyone's.
  const byDomain = research ? firmOfDomain(text) : null;
  if (byDomain) return byDomain;
  const copyright = new Map<string, number>();
  count(text, COPYRIGHT, copyright, 1);
  // The firm named most often in the whole text among those holding a copyright: a research
  // firm quotes its data vendors' notices too, but names itself throughout.
  const ranked = [...copyright].map(([firm]) => {
    const first = firm.split(' ')[0] ?? firm;
    return { firm, mentions: text.split(first).length - 1 };
  });
  ranked.sort((a, b) => b.mentions - a.mentions);
  return ranked[0]?.firm ?? null;
}

/** "CMBIGM does or seeks …" abbreviates a name the text spells out once: CMB International Global Markets Limited ("CMBIGM"). */
function expandAbbreviation(firm: string, text: string): string {
  if (!/^[A-Z]{2,}$/.test(firm)) return firm;
  const defined = new RegExp(`(${NAME})\\s*\\(\\s*["“]?${firm}["”]?\\s*\\)`).exec(text)?.[1];
  return defined && abbreviates(firm, defined) ? tidyFirm(defined) : firm;
}

/** "CMBIGM" abbreviates "CMB International Global Markets": its letters, in order, from the first. */
function abbreviates(short: string, long: string): boolean {
  const letters = long.replace(/[^A-Za-z]/g, '').toUpperCase();
  if (letters.charAt(0) !== short.charAt(0) || !/\s/.test(long.trim())) return false;
  let at = 0;
  for (const ch of short) {
    at = letters.indexOf(ch, at);
    if (at < 0) return false;
    at += 1;
  }
  return true;
}

/** The Chinese firm that holds a report's copyright (版权归国信证券所有) or made it (本报告由…制作), or null. */
export function chineseCopyrightHolder(pages: readonly string[]): string | null {
  const text = pages.join('').replace(/\s+/g, '');
  const holders = new Map<string, number>();
  count(text, ZH_COPYRIGHT, holders, 1, (raw) => raw.replace(ZH_LEGAL_TAIL, ''));
  count(text, ZH_MADE_BY, holders, 1, (raw) => raw.replace(ZH_LEGAL_TAIL, ''));
  const ranked = [...holders].filter(([firm]) => !/^(?:本|该|贵|我)/.test(firm) && firm.length >= 2);
  ranked.sort((a, b) => b[1] - a[1]);
  return ranked[0]?.[0] ?? null;
}
