/*
 * How well ingestion reads the 40 labelled broker notes of ../shared/corpus/research/: precision and
 * recall per field and per language, on all notes, on the notes rules were written from and on the
 * held-out notes (test-corpus.ts). Held-out notes are counted, never listed: their misses stay
 * unseen while rules are written. `npx tsx scripts/reading-eval.ts [--misses] [--held-out]`.
 *
 * The text of each PDF is kept under $TMPDIR/rl-reading-eval/, keyed by the file and the code that
 * extracts text (not the code that reads it), so a change to the reading is measured in seconds.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPdfExtractor, type ExtractedPdf } from '../packages/server/src/pdf/extract.js';
import { inferMetadata } from '../packages/server/src/pdf/infer-metadata.js';
import { parseTicker, sameTicker } from '../packages/server/src/pdf/research/ticker.js';
import {
  HELD_OUT,
  readCorpusFile,
  readResearchManifest,
  type ResearchLabels,
} from '../packages/server/test/pdf/test-corpus.js';
import { sameDate, sameFirm, sameTitle, sameType } from '../packages/server/test/pdf/score-reading.js';

const SERVER = fileURLToPath(new URL('../packages/server/', import.meta.url));
const EXTRACTION = ['extract.ts', 'extract-child.ts', 'read-pdf.ts', 'page-text.ts', 'ligatures.ts'];

function cacheDir(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')));
  for (const f of EXTRACTION) hash.update(readFileSync(join(SERVER, 'src/pdf', f)));
  const dir = join(tmpdir(), 'rl-reading-eval', hash.digest('hex').slice(0, 16));
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function readAll(labels: readonly ResearchLabels[]): Promise<Map<string, ExtractedPdf>> {
  const dir = cacheDir();
  const out = new Map<string, ExtractedPdf>();
  let extractor: ReturnType<typeof createPdfExtractor> | undefined;
  try {
    for (const { file } of labels) {
      const bytes = readCorpusFile('research', file);
      const path = join(dir, `${createHash('sha256').update(bytes).digest('hex')}.json`);
      try {
        out.set(file, JSON.parse(readFileSync(path, 'utf8')) as ExtractedPdf);
        continue;
      } catch {
        // not kept yet
      }
      extractor ??= createPdfExtractor({ concurrency: 2, timeoutMs: 300_000, maxPages: 5000 });
      const pdf = await extractor.extract(bytes);
      writeFileSync(path, JSON.stringify(pdf));
      out.set(file, pdf);
    }
  } finally {
    await extractor?.close();
  }
  return out;
}

const FIELDS = [
  'title',
  'broker',
  'date',
  'analysts',
  'type',
  'tickers',
  'company',
  'rating',
  'action',
  'target',
  'currency',
] as const;
type Field = (typeof FIELDS)[number];
interface Count {
  right: number;
  read: number;
  printed: number;
}

const ACTIONS = new Set(['initiate', 'maintain', 'upgrade', 'downgrade']);
const words = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const nameKey = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const sameCompany = (a: string, b: string) => {
  const [x, y] = [nameKey(a), nameKey(b)];
  return x.length >= 2 && y.length >= 2 && (x.startsWith(y) || y.startsWith(x));
};

/** One note's counts per field, and what it got wrong. */
function scoreNote(
  label: ResearchLabels,
  pdf: ExtractedPdf,
): { counts: Record<Field, Count>; misses: string[]; industryRating: boolean } {
  const meta = inferMetadata(pdf, 'document.pdf', { today: '2026-12-01' });
  const counts = Object.fromEntries(FIELDS.map((f) => [f, { right: 0, read: 0, printed: 0 }])) as Record<
    Field,
    Count
  >;
  const misses: string[] = [];
  const single = (field: Field, got: string, expected: string, same: (a: string, b: string) => boolean) => {
    const c = counts[field];
    if (got) c.read++;
    if (expected) c.printed++;
    if (got && expected && same(got, expected)) c.right++;
    else if (got || expected)
      misses.push(`${field}: read ${JSON.stringify(got)}, printed ${JSON.stringify(expected)}`);
  };
  const many = (field: Field, got: string[], expected: string[], same: (a: string, b: string) => boolean) => {
    const c = counts[field];
    c.read += got.length;
    c.printed += expected.length;
    const hits = got.filter((g) => expected.some((e) => same(g, e)));
    c.right += hits.length;
    if (hits.length !== got.length || hits.length !== expected.length)
      misses.push(`${field}: read ${JSON.stringify(got)}, printed ${JSON.stringify(expected)}`);
  };
  single('title', meta.title === 'document' ? '' : meta.title, label.title, sameTitle);
  single('broker', meta.issuer, label.broker, sameFirm);
  single('date', meta.publishDate ?? '', label.publishDate, sameDate);
  many('analysts', meta.authors, label.analysts, (a, b) => nameKey(a) === nameKey(b));
  single('type', meta.reportType, label.reportType, (a, b) => sameType(a, b, true));
  // An industry note's companies are the ones it mentions (never its subject); any other note's
  // are its subject. The rating, action and target are the note's own: its subject's only.
  const named = label.reportType === 'industry' ? (meta.mentionedCompanies ?? []) : meta.stockInformation;
  const stocks = meta.stockInformation;
  const expectedTickers = [
    ...new Set(label.tickers.map((t) => parseTicker(t)?.canonical ?? t.toUpperCase())),
  ];
  many('tickers', named.map((s) => s.ticker ?? '').filter(Boolean), expectedTickers, (a, b) =>
    sameTicker(b, a),
  );
  many('company', named.map((s) => s.company_name ?? '').filter(Boolean), label.companies, sameCompany);
  // Not labelled: shown with the misses, so a sector's view read where none is printed is seen.
  if (meta.industryRating) misses.push(`industry rating read: ${JSON.stringify(meta.industryRating)}`);
  if (label.reportType === 'industry' && stocks.length)
    misses.push(`subject of an industry note: ${JSON.stringify(stocks.map((s) => s.ticker))}`);
  const stock = stocks.find((s) => s.rating || s.target_price) ?? stocks[0];
  const target = label.targetPrice;
  single('rating', stock?.rating ?? '', label.rating, (a, b) => words(a) === words(b));
  single(
    'action',
    stock?.rating_action ?? '',
    ACTIONS.has(label.ratingAction) ? label.ratingAction : '',
    (a, b) => a === b,
  );
  single(
    'target',
    stock?.target_price_value != null ? String(stock.target_price_value) : '',
    target,
    (a, b) => Math.abs(Number(a) - Number(b)) <= Number(b) * 0.005,
  );
  single('currency', target ? (stock?.currency ?? '') : '', target ? label.currency : '', (a, b) => a === b);
  return { counts, misses, industryRating: meta.industryRating !== undefined };
}

const pct = (n: number, d: number) => (d === 0 ? '–' : `${Math.round((100 * n) / d)} %`);

function table(name: string, notes: { label: ResearchLabels; counts: Record<Field, Count> }[]): string {
  const langs = ['en', 'zh'] as const;
  const sum = (part: typeof notes, f: Field): Count =>
    part.reduce(
      (a, n) => ({
        right: a.right + n.counts[f].right,
        read: a.read + n.counts[f].read,
        printed: a.printed + n.counts[f].printed,
      }),
      { right: 0, read: 0, printed: 0 },
    );
  const cell = (c: Count) =>
    `${pct(c.right, c.read)} (${c.right}/${c.read}) / ${pct(c.right, c.printed)} (${c.right}/${c.printed})`;
  const head = `| ${name} (${notes.length}) | all: precision / recall | en (${notes.filter((n) => n.label.language === 'en').length}) | zh (${notes.filter((n) => n.label.language === 'zh').length}) |`;
  const rows = FIELDS.map(
    (f) =>
      `| ${f} | ${cell(sum(notes, f))} | ${langs
        .map((l) =>
          cell(
            sum(
              notes.filter((n) => n.label.language === l),
              f,
            ),
          ),
        )
        .join(' | ')} |`,
  );
  const total = FIELDS.reduce((a, f) => a + sum(notes, f).right, 0);
  const printed = FIELDS.reduce((a, f) => a + sum(notes, f).printed, 0);
  const read = FIELDS.reduce((a, f) => a + sum(notes, f).read, 0);
  return [
    head,
    '|---|---|---|---|',
    ...rows,
    `| every field | ${cell({ right: total, read, printed })} | | |`,
  ].join('\n');
}

async function main(): Promise<void> {
  const labels = readResearchManifest();
  const pdfs = await readAll(labels);
  const notes = labels.map((label) => ({ label, ...scoreNote(label, pdfs.get(label.file) as ExtractedPdf) }));
  const open = notes.filter((n) => !HELD_OUT.has(n.label.file));
  const held = notes.filter((n) => HELD_OUT.has(n.label.file));
  console.log(table('written from', open));
  // The held-out figure is looked at once rules are written, never while writing them.
  if (process.argv.includes('--held-out')) {
    console.log();
    console.log(table('all notes', notes));
    console.log();
    console.log(table('held out', held));
  }
  const views = (part: typeof notes) => part.filter((n) => n.industryRating).length;
  console.log();
  console.log(
    `industry ratings read (not labelled): written from ${views(open)} of ${open.length}, held out ${views(held)} of ${held.length}`,
  );
  if (process.argv.includes('--misses')) {
    for (const n of open) for (const m of n.misses) console.log(`${n.label.file} ${m}`);
  }
}

await main();
