import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ASSET_CLASSES, COUNTRIES, SECTOR_IDS } from '@rl/contract';
import { migrateToLatest, openSqlite } from '../../packages/server/src/db/database.js';
import { segmentText } from '../../packages/server/src/text/segment.js';
import { documentImpacts } from '../../packages/server/src/modules/search/term-impacts.js';
import { READING_VERSION } from '../../packages/server/src/pdf/reading-version.js';

/**
 * A library of N synthetic reports (metadata + about 5 KB of text each) written straight into the
 * server's own schema, for the search benchmark. Words follow a Zipf law so that there are common
 * words (in most reports) and rare ones (in about 0.1%), like real text. Cached by N.
 */
export async function syntheticLibrary(root: string, n: number): Promise<string> {
  const dir = join(root, `search-${n}`);
  if (existsSync(join(dir, 'library.db'))) return dir;
  rmSync(`${dir}.tmp`, { recursive: true, force: true });
  mkdirSync(`${dir}.tmp`, { recursive: true });
  const { db, sqlite } = openSqlite(join(`${dir}.tmp`, 'library.db'));
  await migrateToLatest(db);
  const rnd = mulberry32(42);
  const vocab = vocabulary(rnd);
  const zipf = zipfSampler(vocab.length, 1.07, rnd);
  const insertFile =
    sqlite.prepare(`INSERT INTO files (id, sha256, file_name, size_bytes, status, visibility, source,
    upload_time, updated_time, title, issuer, authors, tags, publish_date, asset_class, country, language, page_count,
    summarised_at, report_type, sector, rating, rating_action, stock_information, reading_version)
    VALUES (?, ?, ?, 100000, 'ready', 'public', 'import', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
    ${READING_VERSION})`);
  const insertCompany = sqlite.prepare(`INSERT INTO file_companies (file_seq, position, ticker, company_name,
    rating, rating_normalised, rating_action, target_price, currency) VALUES (?, 0, ?, ?, ?, ?, ?, ?, ?)`);
  const insertTag = sqlite.prepare('INSERT INTO file_tags (tag, file_seq) VALUES (?, ?)');
  const insertFts = sqlite.prepare('INSERT INTO files_fts (rowid, title, meta, body) VALUES (?, ?, ?, ?)');
  const insertText = sqlite.prepare(
    'INSERT INTO files_fts_text (rowid, title, meta, body) VALUES (?, ?, ?, ?)',
  );
  const insertImpact = sqlite.prepare('INSERT INTO term_impacts (term, weight, seq) VALUES (?, ?, ?)');
  const countTerm = sqlite.prepare(
    'INSERT INTO impact_terms (term, docs) VALUES (?, 1) ON CONFLICT (term) DO UPDATE SET docs = docs + 1',
  );
  const issuers = Array.from({ length: 60 }, (_, i) =>
    i % 4 === 3 ? `华泰远景${i}证券` : `Issuer ${i} Research`,
  );
  const day0 = Date.parse('2021-11-21');
  const batch = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const zh = rnd() < 0.1;
      const words = (k: number) => Array.from({ length: k }, () => vocab[zipf()]).join(' ');
      const title = zh ? `新能源汽车行业报告 ${i}` : `${words(6)} outlook`;
      const body = zh ? ZH_TEXT.repeat(18) : words(800);
      const issuer = issuers[Math.floor(rnd() * issuers.length)] ?? '';
      const tags = [vocab[zipf()] ?? 'misc', vocab[zipf()] ?? 'misc'];
      const date = new Date(day0 + Math.floor(rnd() * 5 * 365) * 86_400_000).toISOString().slice(0, 10);
      const now = new Date().toISOString();
      const research = researchOf(i, rnd);
      const r = insertFile.run(
        `bench${i}`,
        i.toString(16).padStart(64, '0'),
        `report-${i}.pdf`,
        now,
        now,
        title,
        issuer,
        JSON.stringify(['Jane Doe']),
        JSON.stringify(tags),
        date,
        ASSET_CLASSES[i % ASSET_CLASSES.length],
        COUNTRIES[i % COUNTRIES.length],
        zh ? 'zh' : 'en',
        2 + (i % 29),
        // Marked summarised (and read by the current reading_version, in the INSERT), or the server would
        // queue 100,000 summaries (re-readings) at start and run them during the load.
        now,
        research.reportType,
        research.sector,
        research.company?.rating ?? null,
        research.company?.action ?? null,
        JSON.stringify(research.company ? [research.company.stock] : []),
      );
      const seq = Number(r.lastInsertRowid);
      const c = research.company;
      if (c)
        insertCompany.run(
          seq,
          c.stock.ticker,
          c.stock.company_name,
          c.stock.rating,
          c.rating,
          c.action,
          c.target,
          'CNY',
        );
      for (const t of new Set(tags)) insertTag.run(t, seq);
      const doc = {
        title: segmentText(title),
        meta: segmentText(`${issuer} Jane Doe ${tags.join(' ')}`),
        body: segmentText(body),
      };
      // The generated text is simplified Chinese and plain Latin: printed and folded are the same.
      insertFts.run(seq, doc.title, doc.meta, doc.body);
      insertText.run(seq, doc.title, doc.meta, doc.body);
      for (const { term, weight } of documentImpacts(doc)) {
        insertImpact.run(term, weight, seq);
        countTerm.run(term);
      }
    }
  });
  for (let i = 0; i < n; i += 2000) batch(i, Math.min(n, i + 2000));
  sqlite.exec("INSERT INTO files_fts(files_fts) VALUES('optimize')");
  sqlite.exec('ANALYZE');
  await db.destroy();
  renameSync(`${dir}.tmp`, dir);
  return dir;
}

/**
 * Research data like a broker's library: 40 % company notes on 2,000 companies (a rating on the
 * five steps, weighted as brokers rate, an action and a target), 20 % industry notes, the rest
 * macro and strategy; a sector for every company and industry note.
 */
function researchOf(i: number, rnd: () => number) {
  const kind = rnd();
  const sector = SECTOR_IDS[i % SECTOR_IDS.length] ?? null;
  if (kind >= 0.6) return { reportType: kind < 0.8 ? 'macro' : 'strategy', sector: null, company: null };
  if (kind >= 0.4) return { reportType: 'industry', sector, company: null };
  const r = rnd();
  const rating =
    r < 0.45 ? 'buy' : r < 0.75 ? 'outperform' : r < 0.93 ? 'hold' : r < 0.98 ? 'underperform' : 'sell';
  const a = rnd();
  const action = a < 0.1 ? 'initiate' : a < 0.85 ? 'maintain' : a < 0.93 ? 'upgrade' : 'downgrade';
  const code = 600000 + Math.floor(rnd() * 2000);
  const target = Math.round(rnd() * 20000) / 100;
  const stock = {
    ticker: `${code}.SH`,
    company_name: `Company ${code}`,
    rating,
    target_price: `${target}`,
    rating_normalised: rating,
    rating_action: action,
    target_price_value: target,
    currency: 'CNY',
    sector,
  };
  return { reportType: 'company', sector, company: { stock, rating, action, target } };
}

const ZH_TEXT =
  '新能源汽车销量持续增长，电池成本下降，政策支持力度加大。房地产市场企稳，利率维持低位，人民币汇率保持稳定。';

/** Finance words first (so they are the common ones), then made-up words for the long tail. */
function vocabulary(rnd: () => number): string[] {
  const common =
    `market growth inflation rates equity earnings revenue margin demand supply policy bank credit yield
    curve spread valuation risk outlook forecast quarter guidance dividend capital debt currency dollar euro yen oil
    copper gold commodity semiconductor energy consumer retail housing labour wages employment central fiscal trade
    tariff exports imports emerging sovereign corporate bond duration liquidity volatility momentum recession`.split(
      /\s+/,
    );
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const made = Array.from({ length: 20000 }, () =>
    Array.from({ length: 5 + Math.floor(rnd() * 6) }, () => letters[Math.floor(rnd() * 26)]).join(''),
  );
  return [...common, ...made];
}

function zipfSampler(n: number, s: number, rnd: () => number): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) cdf[k] = sum += 1 / Math.pow(k + 1, s);
  return () => {
    const x = rnd() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cdf[mid] ?? 0) < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
