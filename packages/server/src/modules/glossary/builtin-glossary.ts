/**
 * The built-in Chinese↔English finance glossary that search, chat, translation and summaries share.
 * The terms live in builtin-terms.tsv beside this module (see SOURCES.md there): one concept a line,
 * `zh<TAB>en<TAB>domain`, each side one or more forms separated by `|`, the preferred form first.
 */
import { GLOSSARY_DOMAINS, type GlossaryDomain } from '@rl/contract';
import { readFileSync } from 'node:fs';

export { GLOSSARY_DOMAINS, type GlossaryDomain };

export interface GlossaryEntry {
  /** Simplified-Chinese forms, preferred first. */
  zh: string[];
  /** English forms as reports print them, preferred first. */
  en: string[];
  domain: GlossaryDomain;
}

const HEADER = ['zh', 'en', 'domain'];
const DOMAINS: ReadonlySet<string> = new Set(GLOSSARY_DOMAINS);

function isDomain(value: string): value is GlossaryDomain {
  return DOMAINS.has(value);
}

/**
 * Parses the glossary's TSV text. Throws an Error naming the line (1-based, blank lines counted) of
 * the first problem: a wrong header, a line without exactly three columns, an empty form, an unknown
 * domain or a Chinese form already given — a Chinese form must mean one concept, or a lookup would
 * depend on line order.
 */
export function parseGlossaryTsv(text: string): GlossaryEntry[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split('\t').map((c) => c.trim());
  if (header.length !== HEADER.length || header.some((c, i) => c !== HEADER[i])) {
    throw new Error(`glossary line 1: expected the header "zh<TAB>en<TAB>domain"`);
  }

  const entries: GlossaryEntry[] = [];
  const zhLine = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = (lines[i] ?? '').trim();
    if (!line) continue;
    const fail = (why: string): never => {
      throw new Error(`glossary line ${lineNo}: ${why}`);
    };

    const columns = line.split('\t').map((c) => c.trim());
    if (columns.length !== 3) fail(`expected 3 tab-separated columns, found ${columns.length}`);
    const [zhColumn = '', enColumn = '', domain = ''] = columns;
    const forms = (column: string, name: string) => {
      const list = column.split('|').map((f) => f.trim());
      if (list.some((f) => !f)) fail(`empty ${name} form in "${column}"`);
      return list;
    };
    const zh = forms(zhColumn, 'zh');
    const en = forms(enColumn, 'en');
    if (!isDomain(domain)) return fail(`unknown domain "${domain}"`);

    for (const form of zh) {
      const first = zhLine.get(form);
      if (first !== undefined) fail(`Chinese form "${form}" already given on line ${first}`);
      zhLine.set(form, lineNo);
    }
    entries.push({ zh, en, domain });
  }
  return entries;
}

let cached: GlossaryEntry[] | undefined;

/**
 * The built-in glossary, read once. The TSV is found beside this module, so the build has to place
 * builtin-terms.tsv next to the compiled bundle in dist/ as well.
 */
export function loadBuiltinGlossary(): GlossaryEntry[] {
  cached ??= parseGlossaryTsv(readFileSync(new URL('./builtin-terms.tsv', import.meta.url), 'utf8'));
  return cached;
}
