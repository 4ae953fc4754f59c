import { findDates } from '../dates.js';
import type { PageLayout } from '../types.js';
import { isBoilerplateLine, isDataLine, isDateLine } from './boilerplate-line.js';
import { bodySize, coverLines, joinText, type CoverLine } from './cover-lines.js';

/** A heading printed over one or more lines in one size. */
interface Block {
  text: string;
  x: number;
  /** Baseline of its first and last line. */
  top: number;
  bottom: number;
  size: number;
  lines: number;
}

/** A title stands out from the body text by at least this factor. */
const TITLE_OVER_BODY = 1.2;
/** Lines further apart than this many line heights belong to different headings. */
const LINE_GAP = 1.8;
const MAX_TITLE_LINES = 4;
/** Tickers printed beside a company's name: (0700), 0700.HK, 700 HK, (NYSE: UNH), 688556.SH. */
const TICKER =
  /\((?:[A-Z]+:\s*)?[A-Z0-9.]{1,10}(?:\s[A-Z]{2})?\)|（[A-Z0-9.]{2,10}）|\b\d{3,6}\.[A-Z]{2}\b|\b\d{3,6}\s(?:HK|CH|TT|JP|KS|US|SP|IN)\b|\b[A-Z]{1,5}\.(?:OQ|N|O|HK)\b/g;
/** A trailing compact date some Chinese covers print after the subtitle: "点评 20221112". */
const TRAILING_STAMP = /\s+(?:19|20)\d{6}$/;

const wordCount = (s: string) => s.match(/[A-Za-z][A-Za-z'’&.-]*/g)?.length ?? 0;
const hanCount = (s: string) => s.match(/[\u4e00-\u9fff]/g)?.length ?? 0;

/** Reads like a heading: words rather than figures, neither a bullet point nor a dateline. */
function headingLike(text: string): boolean {
  if (!/^[\p{L}\p{N}"“'‘(（《【—]/u.test(text)) return false; // bullets: •, ◆, private-use glyphs
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  if (letters < text.replace(/\s/g, '').length * 0.5) return false;
  if (findDates(text).length > 0) return false;
  return wordCount(text) + hanCount(text) / 2 >= 2 && wordCount(text) >= (hanCount(text) > 0 ? 0 : 2);
}

/**
 * The name of the company, sector or market a note covers, printed above its headline ("Tencent
 * (0700)", "SK Hynix", "China Power Grid", "TSMC (2330 TT) Equities"): a few words and no sentence.
 */
function isSubjectLabel(text: string): boolean {
  const bare = text.replace(TICKER, ' ').trim();
  if (/[:：;；,，?？!！]/.test(bare)) return false;
  return wordCount(bare) + hanCount(bare) / 2 <= 4;
}

function blocksOf(lines: readonly CoverLine[]): Block[] {
  const blocks: Block[] = [];
  for (const line of lines) {
    const text = line.text
      .replace(TRAILING_STAMP, '')
      .replace(/\s*[*†‡]+$/, '')
      .replace(/^\d+(?:\.\d+)+\s+/, '')
      .trim();
    const open = blocks.find(
      (b) =>
        b.lines < MAX_TITLE_LINES &&
        Math.abs(b.size - line.size) <= 0.3 &&
        Math.abs(b.x - line.x) <= 3 * line.size &&
        b.bottom - line.y > 0 &&
        b.bottom - line.y <= LINE_GAP * line.size,
    );
    if (open && !isBoilerplateLine(text) && !isBoilerplateLine(open.text)) {
      open.text = joinText(open.text, text);
      open.bottom = line.y;
      open.lines += 1;
    } else {
      blocks.push({ text, x: line.x, top: line.y, bottom: line.y, size: line.size, lines: 1 });
    }
  }
  return blocks;
}

/**
 * The title printed on a report's cover: the largest heading of page 1 that is not boilerplate,
 * skipping the name of the covered company or sector printed above the headline. A Chinese
 * subtitle set just below the title in a smaller size ("——11月金融数据点评") is joined with ——.
 */
export function coverTitle(page: PageLayout | undefined): string | null {
  if (!page) return null;
  const lines = coverLines(page).filter((l) => l.y > page.height * 0.06 && l.y < page.height);
  const body = bodySize(lines);
  const blocks = blocksOf(lines);
  const candidates = blocks
    .filter(
      (b) =>
        b.size >= body * TITLE_OVER_BODY &&
        !isBoilerplateLine(b.text) &&
        !isDataLine(b.text) &&
        headingLike(b.text),
    )
    .filter((b) => b.text.length <= 250)
    .sort((a, b) => b.size - a.size || b.top - a.top);
  const first = candidates[0];
  if (!first) return null;
  let title = first;
  if (isSubjectLabel(first.text)) {
    const headline = candidates.find(
      (b) => b !== first && b.top < first.bottom && first.bottom - b.top <= 200 && !isSubjectLabel(b.text),
    );
    if (headline) title = headline;
    else {
      const below = bylineHeadline(lines);
      if (below) return below;
    }
  }
  return withSubtitle(title, blocks);
}

/** "Analysis by Jane Whitfield, April 17, 2025": a byline opening the note's own text. */
const BYLINE = /^(?:analysis|written|report(?:ed)?)?\s*by\s+[A-Z][\p{L}'’-]+(?:\s+[A-Z][\p{L}.'’-]*){1,2},/iu;
/** "ARGUS RATING: HOLD", "Rating: Buy": the rating restated under the byline. */
const RATING_LINE = /\brating\s*[:：]/i;

/**
 * A cover whose only large heading names the company: its headline is the first point under the
 * byline ("• Downgrading to HOLD"), set in body size.
 */
function bylineHeadline(lines: readonly CoverLine[]): string | null {
  const at = lines.findIndex((l) => BYLINE.test(l.text));
  const byline = lines[at];
  if (!byline) return null;
  const column = lines
    .slice(at + 1)
    .filter((l) => Math.abs(l.x - byline.x) <= 2 * byline.size && l.y < byline.y);
  for (const line of column.slice(0, 3)) {
    if (RATING_LINE.test(line.text)) continue;
    const text = line.text.replace(/^[•▪■●◆\-–]\s*/, '').trim();
    return headingLike(text) && !/[.。]$/.test(text) && text.length <= 120 ? text : null;
  }
  return null;
}

/** pdf.js spaces Han text from digits and Latin words ("扩产 4000 万公里"); the page prints none. */
function tightHan(text: string): string {
  return text
    .replace(/([\u4e00-\u9fff\u3000-\u303f\uff00-\uffef])\s+(?=[A-Za-z0-9])/g, '$1')
    .replace(/([A-Za-z0-9])\s+(?=[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef])/g, '$1');
}

function withSubtitle(title: Block, blocks: readonly Block[]): string {
  if (hanCount(title.text) === 0) return title.text;
  return tightHan(withHanSubtitle(title, blocks));
}

/** A Chinese subtitle opens with a dash, one em dash or two: "——11月金融数据点评", "—石基信息公司深度报告". */
const SUBTITLE_DASH = /^—{1,2}/;

function withHanSubtitle(title: Block, blocks: readonly Block[]): string {
  const next = blocks
    .filter(
      (b) =>
        b.top < title.bottom &&
        title.bottom - b.top <= 2.5 * title.size &&
        (Math.abs(b.x - title.x) <= 3 * title.size || SUBTITLE_DASH.test(b.text)),
    )
    .sort((a, b) => b.top - a.top)[0];
  if (
    !next ||
    next.size >= title.size ||
    next.size < 0.6 * title.size ||
    isDateLine(next.text) ||
    (isBoilerplateLine(next.text) && !SUBTITLE_DASH.test(next.text)) ||
    hanCount(next.text) < 4 ||
    // A subtitle is a line or two of heading, not a paragraph.
    next.lines > 2 ||
    /[。；]/.test(next.text)
  ) {
    return title.text;
  }
  const subtitle = next.text.replace(/^[—-]+\s*/, '');
  return `${title.text}——${subtitle}`;
}
