import { splitNames } from './demo-cover.js';

/**
 * The info dictionary is written by whatever software made the file: titles like
 * `Microsoft Word - doc1.docx`, authors like `Administrator`, creators like `Chromium`. These
 * helpers keep a value only when it reads like what a person would have written.
 */

const SOFTWARE =
  /\b(?:microsoft|word|excel|powerpoint|acrobat|adobe|indesign|distiller|pdf\w*|chromium|chrome|skia|wkhtml\w*|qt|office|wps|latex|tex|quartz|printer|converter|writer|itext\w*|workiva|wdesk|edgar|ghostscript|libreoffice|openoffice|foxit|nitro|reportlab|pdf-lib|creo|normalizer|filing|engine|sdk|fpdf)\b|®|\bv?\d+\.\d+/i;
const VENDOR = /\b(?:kscope|donnelley|edgar online|kaleidoscope)\b|\.(?:com|io|net|org)\b|www\.|https?:|@/i;
/** Words of organisation names, which are not authors (and which Author often holds). */
const ORGANISATION =
  /\b(?:Fund|Bank|Inc|Corp|Corporation|Company|Group|Association|Institute|Department|Office|Board|Reserve|Research|Securities|Capital|Partners|Ltd|LLC|University|Committee|Commission|Agency|Ministry|Council|Services|Solutions|Team)\b/;
const GENERIC_AUTHOR = /^(?:admin(?:istrator)?|user|owner|unknown|author|default|guest|lenovo|dell|hp|pc)$/i;
const FILE_NAME = /\.(?:docx?|xlsx?|pptx?|pdf|indd|rtf|txt|html?)$/i;

/** True for the names of programs and PDF libraries. */
function isSoftwareName(value: string): boolean {
  return SOFTWARE.test(value) || VENDOR.test(value);
}

/**
 * A title worth showing, or null: file-name debris is removed first (`Microsoft Word - `, a `.pdf`
 * extension, a trailing `-220719` date stamp) and what remains must read like words, not like an
 * accession number, a timestamp or a company-name fragment.
 */
export function plausibleTitle(
  raw: string | undefined,
  info: { creator?: string; producer?: string },
): string | null {
  if (!raw || raw === info.creator || raw === info.producer) return null;
  const title = raw
    .replace(/^Microsoft\s+\w+\s+-\s+/i, '')
    .replace(FILE_NAME, '')
    .replace(/[-_ ]\d{6,8}$/, '')
    .trim();
  if (FILE_NAME.test(raw) && /^[\w-]+$/.test(title)) return null; // doc1.docx, report_final.pdf
  if (/^(?:untitled|microsoft|adobe|powerpoint)\b|演示文稿$|^presentation\d*$/i.test(title)) return null;
  if (/_/.test(title) || /\d{4}-\d{2}-\d{2}-\d{2}/.test(title)) return null; // Q1 23_EarningsRelease
  if (/^[\d\s-]+$/.test(title)) return null; // 0000320193-23-000077
  if (/^(?:股份)?有限公司$/.test(title)) return null;
  const words = title.match(/[A-Za-z]{2,}|[\u4e00-\u9fff]/g) ?? [];
  return words.length >= 3 ? title : null;
}

/** Authors as listed by a person (`Jane Doe, John Roe` / `张三、李四`), or null. */
export function plausibleAuthors(raw: string | undefined): string[] | null {
  if (!raw || isSoftwareName(raw)) return null;
  const names = splitNames(raw);
  const personal = names.every(
    (n) =>
      !GENERIC_AUTHOR.test(n) &&
      !ORGANISATION.test(n) &&
      (/^[A-Z][\p{L}'’.-]+(?:\s+[A-Z][\p{L}'’.-]*){1,3}$/u.test(n) || /^[\u4e00-\u9fff·]{2,5}$/.test(n)),
  );
  return names.length > 0 && personal ? names : null;
}

/** The publisher named as Creator (the library's own reports do that), unless it is a program. */
export function plausibleIssuer(creator: string | undefined, producer: string | undefined): string | null {
  if (!creator || creator === producer || isSoftwareName(creator)) return null;
  return /[A-Za-z]{2,}|[\u4e00-\u9fff]{2,}/.test(creator) ? creator : null;
}

/** Keywords from the info dictionary, without accession numbers, form names and empty entries. */
export function plausibleKeywords(raw: string | undefined): string[] {
  if (!raw) return [];
  return raw
    .split(/\s*[,;，；、]\s*/)
    .map((k) => k.trim())
    .filter(
      (k) =>
        (k.length >= 2 || /[\u4e00-\u9fff]/.test(k)) && // 铜 is a topic
        k.length <= 40 &&
        /\p{L}/u.test(k) &&
        !/\b\d{1,2}-[A-Z]\b/.test(k) && // "Pepsico INC 8-K", "10-K"
        !VENDOR.test(k), // not SOFTWARE: "Office REITs" is a topic
    );
}
