import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The shared corpus of real PDFs, used in place (never copied into the repository). */
export const CORPUS_DIR = fileURLToPath(new URL('../../../../../shared/corpus/', import.meta.url));

export type CorpusSet = 'reports' | 'cjk' | 'malformed' | 'research';

export function corpusFiles(set: CorpusSet): string[] {
  return readdirSync(CORPUS_DIR + set)
    .filter((name) => name.endsWith('.pdf'))
    .sort();
}

export function readCorpusFile(set: CorpusSet, name: string): Uint8Array {
  return new Uint8Array(readFileSync(`${CORPUS_DIR}${set}/${name}`));
}

/** What MANIFEST.tsv recorded for a file when the corpus was collected (pdf.js 4.10). */
export interface ManifestEntry {
  pages: number | null;
  /** Characters of text on pages 1-5 (spaces included). */
  charsP1to5: number | null;
  /** Han characters pdf.js (with CMaps where noted) extracted from pages 1-5. */
  hanP1to5: number | null;
}

export function readManifest(): Map<string, ManifestEntry> {
  const rows = readFileSync(CORPUS_DIR + 'MANIFEST.tsv', 'utf8')
    .trim()
    .split('\n')
    .slice(1);
  const entries = new Map<string, ManifestEntry>();
  for (const row of rows) {
    const [set, file, , , , , note = ''] = row.split('\t');
    const pdfjs = note.slice(note.indexOf('pdfjs-dist'));
    const counts = /numPages=(\d+), text p1-5=(\d+) chars/.exec(pdfjs);
    const han = /text p1-5=\d+ chars, (\d+) Han|(\d+) Han(?: \(p1-5\))? with/.exec(pdfjs);
    entries.set(`${set}/${file}`, {
      pages: counts ? Number(counts[1]) : null,
      charsP1to5: counts ? Number(counts[2]) : null,
      hanP1to5: han ? Number(han[1] ?? han[2]) : null,
    });
  }
  return entries;
}

/** The printed values of a broker note of `research/`, hand-checked (research/MANIFEST.tsv); '' when not printed. */
export interface ResearchLabels {
  file: string;
  language: 'en' | 'zh';
  pages: number;
  broker: string;
  reportType: string;
  publishDate: string;
  /** As printed, e.g. `0700.HK`, `700 HK`, `NYSE: UNH`. */
  tickers: string[];
  companies: string[];
  rating: string;
  ratingAction: string;
  targetPrice: string;
  currency: string;
  analysts: string[];
  title: string;
}

export function readResearchManifest(): ResearchLabels[] {
  const [head = '', ...rows] = readFileSync(CORPUS_DIR + 'research/MANIFEST.tsv', 'utf8')
    .trim()
    .split('\n');
  const columns = head.split('\t');
  const list = (value: string) => (value ? value.split(',').map((v) => v.trim()) : []);
  return rows.map((row) => {
    const cells = row.split('\t');
    const at = (name: string) => (cells[columns.indexOf(name)] ?? '').trim();
    return {
      file: at('file'),
      language: at('language') === 'zh' ? 'zh' : 'en',
      pages: Number(at('pages')),
      broker: at('broker'),
      reportType: at('report_type'),
      publishDate: at('publish_date'),
      tickers: list(at('tickers')),
      companies: list(at('companies')),
      rating: at('rating'),
      ratingAction: at('rating_action'),
      targetPrice: at('target_price'),
      currency: at('currency'),
      analysts: list(at('analysts')),
      title: at('title'),
    };
  });
}

/**
 * The notes of research/ the reading rules were written from. The corpus grew afterwards: the
 * others are held out, notes no rule was written from, on which a rule is checked before it is
 * trusted (docs/benchmarks.md, "Reading real reports").
 */
export const RULES_WRITTEN_FROM: ReadonlySet<string> = new Set([
  'cn_cicc_timing_quant.pdf',
  'cn_guosen_wavelet_svm_quant.pdf',
  'cn_htsc_ffscore_quant.pdf',
  'cn_huaan_credit_data_fixed_income.pdf',
  'cn_swhy_cashflow_quant.pdf',
  'en_argus_unitedhealth_company.pdf',
  'en_bernstein_japan_strategy.pdf',
  'en_bofa_largan_company.pdf',
  'en_clsa_tencent_company.pdf',
  'en_cmbi_tencent_company.pdf',
  'en_deutschebank_vnet_company.pdf',
  'en_goldmansachs_europe_china_strategy.pdf',
  'en_hsbc_tsmc_company.pdf',
  'en_jefferies_china_pcb_ccl_industry.pdf',
  'en_jpmorgan_ai_capex_bonds_credit.pdf',
  'en_jpmorgan_china_industrial_profits_macro.pdf',
  'en_jpmorgan_tencent_company.pdf',
  'en_morningstar_nvidia_company.pdf',
  'en_nomura_china_power_grid_industry.pdf',
  'en_nomura_tencent_company.pdf',
  'en_ubs_skhynix_company.pdf',
]);

/**
 * The second round of rules (Chinese side columns, rating scales and actions, industry views) was
 * written from RULES_WRITTEN_FROM and these seven notes; HELD_OUT stays unread while rules are
 * written, and its figure is what a new note gets (docs/reading.md).
 */
export const ROUND_TWO_WRITTEN_FROM: ReadonlySet<string> = new Set([
  'cn_gfzq_glodon_company.pdf',
  'cn_htsc_qianweiyangchu_company.pdf',
  'cn_mszq_shijixinxi_company.pdf',
  'cn_swsc_monetary_policy_macro.pdf',
  'en_citi_china_renewables_industry.pdf',
  'en_jpmorgan_lenovo_company.pdf',
  'en_morganstanley_adobe_company.pdf',
]);

/** Notes no rule was written from (12 of 40: 5 English, 7 Chinese, 11 brokers). */
export const HELD_OUT: ReadonlySet<string> = new Set([
  'cn_cmsc_alligator_timing_quant.pdf',
  'cn_cmsc_qianweiyangchu_company.pdf',
  'cn_dwzq_qingniao_company.pdf',
  'cn_gtja_qianweiyangchu_company.pdf',
  'cn_kysec_reversal_microstructure_quant.pdf',
  'cn_xbzq_etf_intraday_momentum_quant.pdf',
  'cn_zheshang_golden_stocks_quant.pdf',
  'en_argus_jpmorgan_company.pdf',
  'en_daiwa_tencent_company.pdf',
  'en_morganstanley_broadcom_credit.pdf',
  'en_morganstanley_credit_growth_macro.pdf',
  'en_nomura_cxmt_company.pdf',
]);

/** The notes of research/ the rules were written from, or those held out. */
export const researchNotes = (part: 'written-from' | 'held-out'): string[] =>
  corpusFiles('research').filter((file) => RULES_WRITTEN_FROM.has(file) === (part === 'written-from'));
