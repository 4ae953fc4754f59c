import type { ReportLanguage } from '@rl/contract';
import { contentPages } from './boilerplate.js';
import { CURRENCY_WORDS } from './research/target-price.js';

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
dec panel panels scale axis legend average left right yoy qoq versus disclosure disclosures long-run
account accounts weeks months six nine diluted liabilities assets income cash costs expenses condensed consolidated
unaudited future conditions means shall time respect applicable partially offset primarily lower higher refer pages
well executive vice president senior officer subject view better old cons names case avg cap fig adversely ability
follows measures excludes impact items forward-looking long-term short-term make level levels basis terms term
research analysis investors research reports including excluding approximately significantly compared respect
except par etc`.split(/\s+/),
);

const ZH_STOP = new Set(
  `公司 本公司 报告 我们 进行 其中 情况 有限公司 股份 相关 主要 期末 期初 本期 上期 上年 同期 适用 不适用 单位 人民币 项目
金额 合计 其他 是否 发生 以上 以下 根据 通过 对于 由于 因此 可能 已经 没有 目前 持续 报告期 年度 本年 万元 亿元 元 及其 之间
方面 会计 损益 资产 负债 证券 股东 管理 经营 财务 利润 任何 普通 人民 季度 金融 收益 费用 现金 董事会 披露 事项 变动
投资 市场 代码 目标 目标价 评级 分析师 股票 核心 观点 资料 来源 数据 图表 均值 平均 右轴 左轴 免责 声明 买入 增持 不 是 的 了 在 和 与 或 等 为 对 将 从 按 及 其 该 所 于 被 并 也 均 如 各 有 无 第 年 月 日 截至 期间 规定 要求
董事 监事 高级 说明 企业 计量 分配 重大 有关 经常 职工 分类 综合 以及 时间 方法 水平 角度 能力 逻辑 业务 上市 研发 信息 基准
行业 交易 公允 客户 情形 原因 全文 第一 第二 第三 责任 研究 分析 影响 变化 方面 作用 程度 基础 结果 部分 整体 一定 较大
产生 当期 准则 归属 取得 国家 存在 不存在 可以 介绍 代表 关系 来看 效果 构造 采用 使用 具有 包括 一般 相应 同比 环比
认为 预测 预计 表示 指出 一个 对应 扣除 事务 保证 相关性`.split(/\s+/),
);

/** Only the opening of a long document is read: its subject is stated there. */
const SAMPLE_CHARS = 60_000;

/**
 * The most frequent meaningful terms of the report's prose: two-word phrases and words in English,
 * words in Chinese. Given pages, disclaimers, disclosure pages and running headers are left out
 * first (pdf/boilerplate.ts); tables, charts and captions always are (`proseText`). Words of
 * `names` (the issuer, printed in every page header) are left out: they are not topics; nor are
 * the `people` (the analysts, who sign every page), currencies, and a company's name beside the
 * ticker that stands for it ("adobe" beside "ADBE": one topic, said once).
 */
export function topKeywords(
  text: string | readonly string[],
  language: ReportLanguage,
  limit: number,
  names: string[] = [],
  people: readonly string[] = [],
): string[] {
  const body = typeof text === 'string' ? text : contentPages(text).join('\n\n');
  const sample = proseText(body.slice(0, SAMPLE_CHARS));
  const nameWords = new Set(names.flatMap((n) => n.toLowerCase().split(/\s+/)).filter((w) => w.length > 1));
  // The name's words, and what a page prints for it run together ("UBS" and "UBSE", "UBS Europe SE").
  const aboutName = (term: string) =>
    term
      .split(' ')
      .some((w) =>
        [...nameWords].some(
          (n) =>
            w.toLowerCase() === n ||
            (n.length >= 3 && w.toLowerCase().startsWith(n) && w.length <= n.length + 2),
        ),
      ) || names.some((n) => n.toLowerCase().includes(term.toLowerCase()));
  const personWords = new Set(
    people.flatMap((p) => p.toLowerCase().split(/[\s,.]+/)).filter((w) => w.length > 1),
  );
  // A person's name, or part of it ("Colello", "Brian Colello"); Chinese names are whole words.
  const aboutPerson = (term: string) =>
    term.split(' ').every((w) => personWords.has(w.toLowerCase())) ||
    people.some((p) => p.includes(term) && /^[\u4e00-\u9fff]+$/.test(term));
  // In lower case too: a word is compared in lower case unless it is an acronym ("Rmb" → "rmb").
  const isCurrency = (term: string) =>
    term.split(' ').some((w) => CURRENCY_WORDS.has(w) || CURRENCY_WORDS.has(w.toUpperCase()) || w === 'won');
  const terms = language === 'zh' ? chineseTerms(sample, limit * 3) : englishTerms(sample, limit * 3);
  const kept = terms.filter((t) => !aboutName(t) && !aboutPerson(t) && !isCurrency(t));
  return kept.filter((t) => !kept.some((other) => abbreviates(other, t))).slice(0, limit);
}

/**
 * Is `ticker` an all-capital short form of the lower-case word `word`: its letters in the word's
 * order, starting as the word starts ("ADBE" of "adobe", "NVDA" of "nvidia")?
 */
function abbreviates(ticker: string, word: string): boolean {
  if (!/^[A-Z]{3,5}$/.test(ticker) || !/^[a-z]+$/.test(word) || word.length > ticker.length + 3) return false;
  const lower = ticker.toLowerCase();
  if (!word.startsWith(lower.slice(0, 2))) return false;
  let at = 0;
  for (const letter of lower) {
    at = word.indexOf(letter, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/** An axis label or a figure: 12.5, -3%, 2024E, Jan-24, 1Q23, Q3, FY24, H1, 24-01, 2024年, 3月. */
const LABEL =
  /^(?:[-+−(]?[\d,.]+[%)x]?|\d{4}[EAF]?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*[-'’.]?\d{0,4}|[1-4]Q\d{0,4}|Q[1-4][-']?\d{0,4}|FY\d{0,4}|[12]H\d{0,4}|H[12]|\d{2,4}[-/]\d{1,2}|\d{1,4}[年月日])$/i;
/** Chart captions: the data vendor and notes are no topic of the report. */
const CAPTION = /^(?:sources?|notes?|資料來源|资料来源|数据来源|来源|注)\s*[:：]/i;

/** Lines of prose are at least this long: in words (English), in Han characters (Chinese). */
const PROSE_WORDS = 5;
const PROSE_HAN = 8;
/** A line with more of its characters in figures than this is a table row. */
const FIGURE_SHARE = 0.2;

/**
 * The text's prose: what tables and charts print is left out, i.e. lines that are mostly axis
 * labels (months, years, quarters, numbers) or figures, source or note captions, and short cells
 * (a row label, a column heading). A month's name in a sentence stays (it is a stop word anyway);
 * a row of "Jan-23 Apr-23 Jul-23", or "Total liabilities 52,148 49,990", is no topic.
 */
export function proseText(text: string): string {
  return text
    .split('\n')
    .filter((line) => {
      const trimmed = line.trim();
      if (!trimmed || CAPTION.test(trimmed)) return false;
      const tokens = trimmed.split(/\s+/);
      if (tokens.filter((t) => LABEL.test(t)).length >= tokens.length * 0.5) return false;
      const visible = trimmed.replace(/\s+/g, '');
      if ((visible.match(/\d/g)?.length ?? 0) > visible.length * FIGURE_SHARE) return false;
      const han = trimmed.match(/[\u4e00-\u9fff]/g)?.length ?? 0;
      return han >= PROSE_HAN || tokens.filter((t) => /\p{L}{2,}/u.test(t)).length >= PROSE_WORDS;
    })
    .join('\n');
}

/**
 * Words that come right before a verb: a subject pronoun, a modal, a negation ("we expect",
 * "will remain", "not affect"; 我们认为, 有望释放, 持续提升). A word found after them as often as not
 * is a verb, which names no topic, whatever its frequency.
 */
const EN_VERB_CUES = new Set(
  'we they it he she will would may might could can should must not also who'.split(' '),
);
const ZH_VERB_CUES = new Set(
  `我们 我 公司 将 已 已经 不 未 没有 会 可 可以 能 能够 也 均 都 还 仍 有望 进一步 持续 逐步 大幅 继续 预计 积极 加快 加速 不断
正在 所 被 予以 进行 需 需要 应 应当 并 再 同时 主要 或 将会 较`.split(/\s+/),
);
/** What may follow a Chinese verb only: aspect particles. */
const ZH_ASPECT = new Set(['了', '着', '过']);
/** The share of its uses after a verb cue that makes a word a verb (and at least so many uses). */
const VERB_SHARE = 0.25;
const MIN_VERB_USES = 2;

/** "-ly" adverbs and "-ed" participles: how words that describe, not name, end in English. */
const EN_NOT_NOUN = /^[a-z]{3,}(?:ally|ily|ently|antly|ively|ously|ately|arly|edly|fully)$|^[a-z]{3,}[^e]ed$/;

/** Counts of terms, and of their uses as a verb (single words only). */
class TermCounts {
  readonly counts = new Map<string, number>();
  readonly verbal = new Map<string, number>();
  add(term: string, asVerb = false): void {
    this.counts.set(term, (this.counts.get(term) ?? 0) + 1);
    if (asVerb) this.verbal.set(term, (this.verbal.get(term) ?? 0) + 1);
  }
  /** The counts of the terms that are not verbs, nor phrases with a verb ("expect copper"). */
  nouns(): Map<string, number> {
    const verbs = new Set(
      [...this.verbal]
        .filter(([term, v]) => v >= MIN_VERB_USES && v >= (this.counts.get(term) ?? 0) * VERB_SHARE)
        .map(([term]) => term),
    );
    return new Map([...this.counts].filter(([term]) => !term.split(' ').some((w) => verbs.has(w))));
  }
}

function englishTerms(text: string, limit: number): string[] {
  const terms = new TermCounts();
  // Phrases run between punctuation marks: "Doe, John" is not a pair of words.
  for (const phrase of text.split(/[^A-Za-z'’&\s-]+/)) {
    let previous: string | null = null;
    let before = '';
    for (const token of phrase.match(/[A-Za-z][A-Za-z'’&-]*[A-Za-z]/g) ?? []) {
      // A possessive is its noun: "Tencent’s" counts as "tencent".
      const raw = token.replace(/['’]s$/i, '');
      // Acronyms keep their capitals (GDP, NBFI); other words are compared in lower case.
      const word = /^[A-Z&]{2,6}$/.test(raw) ? raw : raw.toLowerCase();
      const afterCue = EN_VERB_CUES.has(before);
      before = raw.toLowerCase();
      if (EN_STOP.has(word.toLowerCase()) || word.length < 3) {
        previous = null;
        continue;
      }
      if (EN_NOT_NOUN.test(word)) terms.add(word, true);
      else terms.add(word, afterCue);
      if (previous) terms.add(`${previous} ${word}`);
      previous = word;
    }
  }
  return pick(terms.nouns(), limit);
}

function chineseTerms(text: string, limit: number): string[] {
  const terms = new TermCounts();
  const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
  let held: { word: string; afterCue: boolean } | null = null;
  let before = '';
  // A word is counted when the segment after it is known (an aspect particle marks a verb).
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (held) terms.add(held.word, held.afterCue || ZH_ASPECT.has(segment));
    held = null;
    if (isWordLike && /^[\u4e00-\u9fff]{2,}$/.test(segment) && !ZH_STOP.has(segment)) {
      held = { word: segment, afterCue: ZH_VERB_CUES.has(before) };
    }
    if (segment.trim()) before = segment;
  }
  if (held) terms.add(held.word, held.afterCue);
  return pick(terms.nouns(), limit);
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
