import type { ReportLanguage } from '@rl/contract';

/** Function words and the filler of financial documents, which say nothing about the topic. */
const EN_STOP = new Set(
  `about above according across act actual additional after again against all also although among amount amounts
and annual another any approximately are area as at available based be because been before being below between
both but by can certain change changes company company's compared could current date december did does due during
each ended ending either end exchange first following for form four from full further had has have having her his
how however if in include included includes including increase increased into is it its item last less like made
many march may million billion more most much new no non none nor not note notes number of off on one only or other
our out over part per percent period periods pursuant quarter quarterly rate related report reported respectively
result results same second section see september share shares should since so some such than that the their them
then there these they third this those three through thousand to total two under until up upon us use used was we
were what when where whether which while who will with within would year years you your january february april june
july august october november inc corporation corp ltd llc plc registrant page table check mark indicate filer
accelerated exhibit herein thereto net business information financial statements securities operations products
services management analyst analysts rating ratings buy sell hold target ticker key points source sources
data estimate estimates chart charts figure figures exhibit disclaimer jan feb mar apr jun jul aug sep sept oct nov
dec panel panels scale axis legend average left right yoy qoq versus disclosure disclosures long-run`.split(
    /\s+/,
  ),
);

const ZH_STOP = new Set(
  `公司 本公司 报告 我们 进行 其中 情况 有限公司 股份 相关 主要 期末 期初 本期 上期 上年 同期 适用 不适用 单位 人民币 项目
金额 合计 其他 是否 发生 以上 以下 根据 通过 对于 由于 因此 可能 已经 没有 目前 持续 报告期 年度 本年 万元 亿元 元 及其 之间
方面 会计 损益 资产 负债 证券 股东 管理 经营 财务 利润 任何 普通 人民 季度 金融 收益 费用 现金 董事会 披露 事项 变动
投资 市场 代码 目标 目标价 评级 分析师 股票 核心 观点 资料 来源 数据 图表 均值 平均 右轴 左轴 免责 声明 买入 增持 不 是 的 了 在 和 与 或 等 为 对 将 从 按 及 其 该 所 于 被 并 也 均 如 各 有 无 第 年 月 日 截至 期间 规定 要求`.split(
    /\s+/,
  ),
);

/** Only the opening of a long document is read: its subject is stated there. */
const SAMPLE_CHARS = 60_000;

/**
 * The most frequent meaningful terms: two-word phrases and words in English, words in Chinese.
 * Words of `names` (the issuer, printed in every page header) are left out: they are not topics.
 */
export function topKeywords(
  text: string,
  language: ReportLanguage,
  limit: number,
  names: string[] = [],
): string[] {
  const sample = withoutChartText(text.slice(0, SAMPLE_CHARS));
  const nameWords = new Set(names.flatMap((n) => n.toLowerCase().split(/\s+/)).filter((w) => w.length > 1));
  const aboutName = (term: string) =>
    term.split(' ').some((w) => nameWords.has(w.toLowerCase())) ||
    names.some((n) => n.toLowerCase().includes(term.toLowerCase()));
  const terms = language === 'zh' ? chineseTerms(sample, limit * 2) : englishTerms(sample, limit * 2);
  return terms.filter((t) => !aboutName(t)).slice(0, limit);
}

/** An axis label or a figure: 12.5, -3%, 2024E, Jan-24, 1Q23, Q3, FY24, H1, 24-01, 2024年, 3月. */
const LABEL =
  /^(?:[-+−(]?[\d,.]+[%)x]?|\d{4}[EAF]?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*[-'’.]?\d{0,4}|[1-4]Q\d{0,4}|Q[1-4][-']?\d{0,4}|FY\d{0,4}|[12]H\d{0,4}|H[12]|\d{2,4}[-/]\d{1,2}|\d{1,4}[年月日])$/i;
/** Chart captions: the data vendor and notes are no topic of the report. */
const CAPTION = /^(?:sources?|notes?|資料來源|资料来源|数据来源|来源|注)\s*[:：]/i;

/**
 * The text without what charts print: lines that are mostly axis labels (months, years,
 * quarters, numbers) and source or note captions. A month's name in a sentence stays (it is a stop
 * word anyway); a row of "Jan-23 Apr-23 Jul-23" is no topic.
 */
function withoutChartText(text: string): string {
  return text
    .split('\n')
    .filter((line) => {
      const trimmed = line.trim();
      if (CAPTION.test(trimmed)) return false;
      const tokens = trimmed.split(/\s+/).filter(Boolean);
      if (tokens.length < 2) return true;
      return tokens.filter((t) => LABEL.test(t)).length < tokens.length * 0.5;
    })
    .join('\n');
}

function englishTerms(text: string, limit: number): string[] {
  const counts = new Map<string, number>();
  const add = (term: string) => counts.set(term, (counts.get(term) ?? 0) + 1);
  // Phrases run between punctuation marks: "Doe, John" is not a pair of words.
  for (const phrase of text.split(/[^A-Za-z'’&\s-]+/)) {
    let previous: string | null = null;
    for (const raw of phrase.match(/[A-Za-z][A-Za-z'’&-]*[A-Za-z]/g) ?? []) {
      // Acronyms keep their capitals (GDP, NBFI); other words are compared in lower case.
      const word = /^[A-Z&]{2,6}$/.test(raw) ? raw : raw.toLowerCase();
      if (EN_STOP.has(word.toLowerCase()) || word.length < 3) {
        previous = null;
        continue;
      }
      add(word);
      if (previous) add(`${previous} ${word}`);
      previous = word;
    }
  }
  return pick(counts, limit);
}

function chineseTerms(text: string, limit: number): string[] {
  const counts = new Map<string, number>();
  const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike || !/^[\u4e00-\u9fff]{2,}$/.test(segment) || ZH_STOP.has(segment)) continue;
    counts.set(segment, (counts.get(segment) ?? 0) + 1);
  }
  return pick(counts, limit);
}

/**
 * Terms seen at least twice, best first, leaving out words already inside a chosen phrase. A
 * recurring pair names a thing ("monetary policy") better than either word, so pairs count double.
 */
function pick(counts: Map<string, number>, limit: number): string[] {
  const score = (term: string, n: number) => n * term.split(' ').length;
  const ranked = [...counts]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => score(...b) - score(...a) || a[0].localeCompare(b[0]));
  const chosen: string[] = [];
  for (const [term] of ranked) {
    if (chosen.length >= limit) break;
    if (chosen.some((c) => c.split(' ').includes(term) || term.split(' ').includes(c))) continue;
    chosen.push(term);
  }
  return chosen;
}
