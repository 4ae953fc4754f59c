/**
 * What in a report is no part of what it says: legal notices, disclaimers, analyst certifications,
 * disclosure appendices, rating definitions, and the running headers and footers printed on every
 * page. They stay in the PDF and in search; summaries, keywords, chat retrieval and snippets do not
 * draw from them. Everything here is read from the text alone: the phrases such notices are made
 * of, the headings that open them, and lines repeated at the top or bottom of many pages.
 */

/**
 * Phrases of legal and disclosure text, in either language: each hit is evidence, and a block made
 * of them is boilerplate. Kept to phrases a report's own argument does not use.
 */
const LEGAL_PHRASES: readonly RegExp[] = [
  /forward[- ]looking statements?|safe harbou?r|Private Securities Litigation Reform Act|risks and uncertainties|actual results (?:may|could|to) differ|(?:undertakes?|assumes?) no (?:obligation|duty)|cautionary statements?/gi,
  /\bdisclaimers?\b|disclosures? appendix|important (?:disclosures|information about this report)|analyst certifications?|required disclosures|other disclosures/gi,
  /not (?:an|a) (?:offer|solicitation)|(?:does|do|shall) not constitute|for (?:general )?information(?:al)? purposes|(?:personal|individual) investment advice/gi,
  /past performance|all rights reserved|copyright|©\s*\d{4}|without (?:the )?(?:prior )?written (?:consent|permission)/gi,
  /\b(?:redistribut|reproduc|republish)(?:e|ed|tion|ing)\b|no part of (?:this|the)|(?:accuracy|completeness) (?:or|and) (?:completeness|accuracy)|(?:accurate|complete) (?:or|and) (?:complete|accurate)|(?:warrant(?:y|ies)|representations?),? (?:express|or)|\bliab(?:le|ility) for\b|subject to change without notice/gi,
  /authori[sz]ed and regulated|regulated by the|licensed (?:by|in|to)|\bjurisdictions?\b|professional (?:clients|investors)|accredited investors|eligible counterpart|(?:retail|institutional) (?:clients|investors) (?:in|of)\b/gi,
  /investment banking (?:services|compensation|relationship|revenues?)|conflicts? of interest|market[- ]mak(?:er|ing)|beneficially own|1% or more|compensation (?:for|from|based)|views expressed|reflects? (?:accurately )?(?:the|my|our|his|her|their) (?:personal )?views|research analysts?['’] compensation/gi,
  /indicate by check mark|(?:emerging growth|smaller reporting) company|(?:large )?(?:non-)?accelerated filer|securities registered pursuant|(?:name|telephone number) of (?:the )?registrant|commission file number/gi,
  /rating (?:system|distribution|definitions?)|(?:definitions?|explanation) of ratings|ratings? (?:are|is) (?:based|defined)|\bFINRA\b|\bSIPC\b|\bSFC\b|member (?:of|firm)/gi,
  /免责声明|免责申明|免责条款|分析师声明|分析师承诺|投资评级说明|评级说明|评级标准|法律声明|利害关系|重要声明|特别声明|一般声明|信息披露|版权所有|版权归|未经.{0,12}(?:许可|同意|授权)|本报告(?:仅供|所载|中的信息|版权|的信息)|不构成.{0,8}(?:投资)?建议|仅供参考|请务必阅读|执业资格|证券投资咨询|本公司不(?:会|对|保证)|不保证.{0,12}(?:准确|完整)|客户使用|投资需谨慎|市场有风险|利益冲突|授意|独立、客观|相对(?:强于|弱于)?(?:同期)?(?:市场|基准)|基准指数|转载|刊发|翻版|复制|经营许可证|仅反映本公司|不承担|任何责任|任何损失/g,
];

/** A sentence with one of these phrases is never quoted as what the report says. */
const SENTENCE_RULES: readonly RegExp[] = [
  /forward[- ]looking statements?/i,
  /disclaimer|disclosures? appendix|important disclosures|analyst certification/i,
  /not (?:an|a) (?:offer|solicitation)|for informational purposes|investment advice/i,
  /past performance|all rights reserved|copyright ©|©\s*\d{4}/i,
  /securities and exchange commission|form 10-[kq]|pursuant to|hereby|incorporated (?:herein )?by reference/i,
  /safe harbor|risk factors? (?:described|discussed|set forth)/i,
  /non-?\s?GAAP (?:financial )?measures?\b.*\b(?:believe|provide|useful|substitute|superior|reconcil)|(?:believe|exclude|reconciliations? of) .{0,60}non-?\s?GAAP/i,
  /(?:company's|company’s|our) website|investors section|(?:GAAP|financial) measures on a forward-looking basis/i,
  /indicate by check mark|(?:name|check) of (?:the )?registrant|commission file number/i,
  /免责声明|免责条款|风险提示|仅供参考|不构成.{0,6}(?:投资)?建议|分析师声明|投资评级说明|版权所有|未经.{0,10}许可|法律声明|重要声明|本报告(?:仅|所载|中的信息|版权)/,
  /评级说明|证券研究报告\s*$|请务必阅读/,
];

/**
 * Headings that open a disclosure section, alone on their line or before a colon ("Analyst
 * Certification: The Research Analyst(s) ..."), numbered or not ("I. REQUIRED DISCLOSURES").
 */
const DISCLOSURE_HEADING =
  /^(?:\[[A-Za-z_]+\]\s*)?(?:[IVX]{1,4}\.\s*|\d{1,2}\.\s*)?(?:(?:important|required|other|general|regulatory|legal|analyst|analysts['’]|company[- ]specific)\s+)?(?:disclosures?(?:\s*(?:&|and)\s*disclaimers?)?|disclosure appendix|disclaimers?|analyst certifications?|certifications?|legal (?:notice|disclaimer)s?|rating (?:definitions|system|distribution)|explanation of (?:equity )?ratings?|methodology\s*(?:&|and)\s*disclaimers|信息披露|法律声明|免责声明|免责申明|免责条款|分析师声明|分析师承诺|分析师(?:与研究助理)?简介|作者简介|投资评级说明|评级说明|特别声明|重要声明|一般声明|版权声明)\s*(?:[:：].*)?$/i;

const isDisclosureHeading = (line: string) => DISCLOSURE_HEADING.test(line.trim());
const hasDisclosureHeading = (block: string) => block.split('\n').some(isDisclosureHeading);

const CJK = /[\u3400-\u9fff]/g;

/** Characters of a text, counting Han characters (each a word's worth) three times. */
const weightOf = (text: string) => text.length + 2 * (text.match(CJK)?.length ?? 0);

/** How many legal phrases a text holds. */
export function legalHits(text: string): number {
  let hits = 0;
  for (const phrase of LEGAL_PHRASES) hits += text.match(phrase)?.length ?? 0;
  return hits;
}

/** Is this sentence legal boilerplate (a disclaimer, a filing's formula, a safe-harbour notice)? */
export function isBoilerplateSentence(sentence: string): boolean {
  return SENTENCE_RULES.some((rule) => rule.test(sentence)) || legalHits(sentence) >= 2;
}

/** A paragraph with a legal phrase per this many characters (or two in a short one) is legal text. */
const LEGAL_DENSITY = 300;

/**
 * Is this paragraph boilerplate: dense with legal phrases (LEGAL_DENSITY), or a heading of a
 * disclosure section.
 */
export function isBoilerplateBlock(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed) return false;
  if (hasDisclosureHeading(trimmed)) return true;
  const hits = legalHits(trimmed);
  if (hits === 0) return false;
  const weight = weightOf(trimmed);
  return hits * LEGAL_DENSITY >= weight || (hits >= 2 && weight <= 600);
}

/** A line's shape without its figures: "Page 3 of 14" and "Page 4 of 14" are one running line. */
const lineKey = (line: string) => line.trim().replace(/\d+/g, '#').replace(/\s+/g, ' ').toLowerCase();

/** Lines at each end of a page where headers and footers sit. */
const EDGE_LINES = 5;
/** A line is a running header or footer when this share of the pages (and at least 3) print it. */
const RUNNING_SHARE = 0.3;

/** The lines at the top and at the bottom of a page: a third of a short page's at most. */
function edgeLines(page: string): string[] {
  const lines = page.split('\n').filter((l) => l.trim());
  const n = Math.max(1, Math.min(EDGE_LINES, Math.floor(lines.length / 3)));
  return lines.length <= n ? lines : [...lines.slice(0, n), ...lines.slice(-n)];
}

/** The shapes of lines printed at the top or bottom of many pages: running headers and footers. */
export function runningLineKeys(pages: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const page of pages) {
    for (const key of new Set(edgeLines(page).map(lineKey))) {
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const needed = Math.max(3, Math.ceil(pages.length * RUNNING_SHARE));
  return new Set([...counts].filter(([, n]) => n >= needed).map(([key]) => key));
}

export interface Block {
  /** The block's lines as the page prints them. */
  text: string;
  boilerplate: boolean;
  /** A running header or footer. */
  running?: true;
}

export interface PageReading {
  /** A page of the disclosure appendix (or otherwise made of legal text). */
  disclosure: boolean;
  /** The page's paragraphs in reading order; running headers and footers are blocks of their own. */
  blocks: Block[];
}

/** A page made of legal text: nearly all its weight in boilerplate blocks. */
const LEGAL_PAGE_SHARE = 0.8;
/** A page this much legal text, with a disclosure heading or in the back of a report, opens the appendix. */
const APPENDIX_SHARE = 0.5;
/** A disclosure appendix starts in the back of a report, never in its first pages. */
const APPENDIX_FROM = 0.4;

/**
 * A paragraph's lines as blocks: a legal notice printed right under the text, with no blank line
 * between them (a page footer), is cut off the text it follows, at its first line with a legal
 * phrase.
 */
function paragraphBlocks(lines: readonly string[]): Block[] {
  const text = lines.join('\n');
  if (!text.trim()) return [];
  const boilerplate = isBoilerplateBlock(text);
  if (boilerplate && weightOf(text) > 600) {
    const firstLegal = lines.findIndex((l) => legalHits(l) > 0 || isDisclosureHeading(l));
    const head = lines.slice(0, Math.max(firstLegal, 0)).join('\n');
    const tail = lines.slice(Math.max(firstLegal, 0)).join('\n');
    if (firstLegal > 0 && weightOf(head) >= 200 && isBoilerplateBlock(tail)) {
      return [
        { text: head, boilerplate: false },
        { text: tail, boilerplate: true },
      ];
    }
  }
  return [{ text, boilerplate }];
}

/** Splits a page into blocks (paragraphs), running lines cut out as blocks of their own. */
function blocksOf(page: string, running: ReadonlySet<string>): Block[] {
  const edges = new Set(edgeLines(page));
  const blocks: Block[] = [];
  for (const paragraph of page.split(/\n\s*\n/)) {
    let lines: string[] = [];
    const flush = () => {
      blocks.push(...paragraphBlocks(lines));
      lines = [];
    };
    for (const line of paragraph.split('\n')) {
      if (edges.has(line) && running.has(lineKey(line))) {
        flush();
        blocks.push({ text: line, boilerplate: true, running: true });
      } else lines.push(line);
    }
    flush();
  }
  return blocks;
}

/** The share of a page's text (running lines aside) in boilerplate blocks. */
function boilerplateShare(blocks: readonly Block[]): number {
  let all = 0;
  let legal = 0;
  for (const b of blocks) {
    if (b.running) continue;
    const w = weightOf(b.text);
    all += w;
    if (b.boilerplate) legal += w;
  }
  return all ? legal / all : 0;
}

/**
 * Reads each page as disclosure or content and each of its blocks as boilerplate or not. A page
 * after the first nearly all legal text is a disclosure page. The disclosure appendix starts at a
 * disclosure heading in the back of a report or on a page half legal text, or at such a page in the
 * back, and runs to the end: everything after it is boilerplate, the lists of covered companies
 * and rating histories between its notices included.
 */
export function readPages(pages: readonly string[]): PageReading[] {
  const running = runningLineKeys(pages);
  let inAppendix = false;
  return pages.map((page, index) => {
    const blocks = blocksOf(page, running);
    const share = index > 0 ? boilerplateShare(blocks) : 0;
    const back = index > 0 && index >= pages.length * APPENDIX_FROM;
    let disclosure = inAppendix || share >= LEGAL_PAGE_SHARE;
    if (!inAppendix && (back || share >= APPENDIX_SHARE)) {
      const heading = blocks.findIndex((b) => hasDisclosureHeading(b.text));
      if (heading >= 0) {
        inAppendix = true;
        for (const b of blocks.slice(heading)) b.boilerplate = true;
        // What the page prints before the heading is still the report's, unless it is mostly
        // legal text itself.
        const before = blocks.slice(0, heading).filter((b) => !b.running);
        disclosure = before.length === 0 || boilerplateShare(before) >= APPENDIX_SHARE;
      } else if (back && share >= APPENDIX_SHARE) inAppendix = disclosure = true;
    }
    if (disclosure) for (const b of blocks) b.boilerplate = true;
    return { disclosure, blocks };
  });
}
/**
 * The pages' text without boilerplate: disclosure pages empty, other pages without their legal
 * blocks and running lines, paragraphs still separated by a blank line.
 */
export function contentPages(pages: readonly string[]): string[] {
  return readPages(pages).map((r) =>
    r.blocks
      .filter((b) => !b.boilerplate)
      .map((b) => b.text)
      .join('\n\n'),
  );
}
