import type { PageLayout } from '../types.js';
import { coverLines, type CoverLine } from './cover-lines.js';

export interface Analysts {
  names: string[];
  /** Registration numbers (中国证券业协会 S + 13 digits) printed beside a name. */
  registrations: Record<string, string>;
}

const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const PHONE = /(?:^|\s|[:：])[+(]?[\d(][\d\s()+-]{7,}\d(?:\s*\|)?$/;
const REGISTRATION = /\b[SA]\d{13}\b/;
/** A line that only says what the person does. */
const ROLE =
  /^(?:(?:senior|chief|lead|head|research|equity|credit|fixed income|quant(?:itative)?|sector|executive|managing|associate)\s+)*(?:analysts?|associates?|economists?|strategists?|director)\b|^(?:首席|高级|资深)?(?:证券)?(?:分析师|分析员|研究助理|联系人|研究员)$/i;
/** Words of headings, places and desks that sit in author blocks but are not people's names. */
const NOT_NAME =
  /\b(?:research|analysts?|equity|equities|manufacturing|materials|consumer|financials?|healthcare|health|utilities|industrials?|telecoms?|semiconductors?|software|hardware|autos?|property|properties|real estate|transport(?:ation)?|infrastructure|resources|chemicals|metals|mining|banks|insurance|retail|gaming|leisure|power|electrical|equipment|new|services?|solutions|securities|bank|banking|limited|ltd|inc|llc|corporation|company|group|markets?|global|international|asia|pacific|china|hong|kong|taiwan|korea|japan|india|europe|america|americas|emea|head|team|strategy|economics|technology|internet|media|energy|credit|income|fixed|the|and|of|for|rating|price|target|sector|industry|update|note|report|buy|sell|hold|overweight|neutral|underweight|outperform|sac|sfc|ce|no)\b/i;
/** Qualifications and marks printed after a name: ", CFA", " AC", "*", ">>", " - NIHK". */
const AFTER_NAME =
  /(?:[,，]?\s*\b(?:CFA|CPA|CQF|CMT|PhD|Ph\.D\.|CAIA|FRM|ACA|ACCA|FCA|AC|MBA)+\b|\s*[*^>]+|\s+-\s+[A-Z]{2,6})+\s*$/;
const HAN_NAME = /^[\u4e00-\u9fff·]{2,4}$/;
const NOT_HAN_NAME = /分析|研究|助理|联系|证书|编号|邮箱|电话|投资|要点|评级|报告|行业|公司|证券|日期/;

function personName(raw: string): string | null {
  const bare = raw
    .replace(/\[Table_\w*\]/g, '')
    .replace(AFTER_NAME, '')
    .trim();
  const han = bare.replace(/\s+/g, '');
  if (HAN_NAME.test(han) && !NOT_HAN_NAME.test(han)) return han;
  if (!/^[A-Z][A-Za-z'’-]+(?:\s+[A-Z][A-Za-z.'’-]*){1,3}$/.test(bare)) return null;
  return NOT_NAME.test(bare) ? null : bare;
}

/** The parts of an author line: "Jacky He * | Equity Analyst", "林晓明 执业证书编号：S05…", "分析师：黄志文". */
function partsOf(text: string): string[] {
  return text
    .replace(
      /(?:SAC\s*)?(?:执业证书编号|执业证号|执证编号|执证号|资格编号|执业证书号|SAC Registration Number|SAC\s*No\.?|SFC\s*(?:CE\s*)?No\.?)\s*[:：]?/gi,
      '|$&',
    )
    .replace(/\s*\b[SA]\d{13}\b/g, '|$&')
    .split(
      /\s*[|｜]\s*|\s*(?:首席|高级)?(?:证券)?(?:分析师|分析员|研究员|研究助理|联系人)\s*[:：\s]\s*|[、，,]\s*(?=[\u4e00-\u9fff])/,
    )
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A short line naming a job: "Global Head of Tech Hardware & Semi Research", "Analyst, Taiwan Technology". */
const JOB = /\b(?:analysts?|associates?|economists?|strategists?|head of|director)\b/i;

function isContact(text: string): boolean {
  const t = text.trim();
  return (
    EMAIL.test(t) ||
    PHONE.test(t) ||
    REGISTRATION.test(t) ||
    ROLE.test(t) ||
    (JOB.test(t) && t.split(/\s+/).length <= 8)
  );
}

/** A Chinese author block's role, before or beside the name: 分析师：, 研究员 张明, 联系人 李静. */
const ROLE_LABEL = /分析师|分析员|研究员|研究助理|联系人/;

/** How far above its e-mail, phone or role line a name may be printed, in points. */
const NAME_ABOVE = 45;
/** How far below a name its registration number may be printed. */
const REGISTRATION_BELOW = 70;

/**
 * The analysts of a report's author block: names printed just above (or beside) an e-mail
 * address, a phone number, a role ("Research Analyst", 分析师) or a registration number, in the
 * same column (in research notes), and names after "分析师：" or in a byline ("Analysis by …"). Each registration
 * number is kept with the nearest name above it.
 */
export function readAnalysts(page: PageLayout | undefined, firstPage: string, research = true): Analysts {
  const found: { name: string; x: number; y: number }[] = [];
  const add = (name: string, x: number, y: number) => {
    if (!found.some((f) => f.name === name)) found.push({ name, x, y });
  };
  const lines: CoverLine[] = page ? coverLines(page) : [];
  const contacts = lines.filter((l) => partsOf(l.text).some(isContact) || ROLE_LABEL.test(l.text));
  for (const line of lines) {
    const parts = partsOf(line.text);
    const sameLine = parts.length > 1 && parts.some(isContact);
    // The name's own contact line follows it closely; a line further up is a heading.
    const near = contacts.some(
      (c) =>
        c !== line &&
        Math.abs(c.x - line.x) <= 60 &&
        line.y - c.y > 0 &&
        line.y - c.y <= Math.min(NAME_ABOVE, 2 * line.size),
    );
    const labelled = ROLE_LABEL.test(line.text) || /Analyst\s*:/.test(line.text);
    // Outside research, a name beside a phone number is a contact person, not an author.
    if (!labelled && (!research || (!sameLine && !near))) continue;
    for (const part of parts) {
      const name = personName(part);
      if (name) add(name, line.x, line.y);
    }
  }
  if (found.length === 0) {
    const byline = /\b(?:Analysis by|Analyst Note)\s+([A-Z][\p{L}'’-]+(?: [A-Z][\p{L}.'’-]*){1,2}),/u.exec(
      firstPage,
    );
    const name = byline?.[1] ? personName(byline[1]) : null;
    if (name) add(name, 0, 0);
  }
  const registrations: Record<string, string> = {};
  for (const line of lines) {
    const number = REGISTRATION.exec(line.text)?.[0];
    if (!number) continue;
    const owner = found
      .filter((f) => Math.abs(f.x - line.x) <= 60 && f.y - line.y >= 0 && f.y - line.y <= REGISTRATION_BELOW)
      .sort((a, b) => a.y - b.y)[0];
    if (owner && !registrations[owner.name]) registrations[owner.name] = number;
  }
  return { names: found.map((f) => f.name), registrations };
}
