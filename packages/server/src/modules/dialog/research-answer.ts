import { RATING_ACTION_LABELS, RATING_STEP_LABELS } from '@rl/contract';
import type { Language } from '../../messages/bilingual.js';
import { companyRows, type CompanyRow } from '../files/research-rows.js';
import type { Passage } from './retrieval.js';

/** Companies a research-data answer names at most (an industry note may cover dozens). */
const MAX_COMPANIES = 5;

const amount = (value: number, language: Language) =>
  value.toLocaleString(language === 'zh' ? 'zh-CN' : 'en-US', { maximumFractionDigits: 2 });

/** One company's call in words: `Kweichow Moutai (600519.SH): Buy, upgraded from Hold; target price 2,200 CNY (from 2,100)`. */
function callInWords(c: CompanyRow, language: Language): string | null {
  const zh = language === 'zh';
  const parts: string[] = [];
  const step = c.rating_normalised ? RATING_STEP_LABELS[c.rating_normalised][language] : null;
  const rating = c.rating ?? step;
  if (rating) {
    const action = c.rating_action ? RATING_ACTION_LABELS[c.rating_action][language] : null;
    const from = c.previous_rating
      ? zh
        ? `（此前：${c.previous_rating}）`
        : ` (from ${c.previous_rating})`
      : '';
    parts.push(`${zh ? '评级' : 'Rating'}: ${rating}${action ? ` · ${action}` : ''}${from}`);
  }
  if (c.target_price !== null) {
    const currency = c.currency ? ` ${c.currency}` : '';
    const before =
      c.previous_target_price !== null
        ? zh
          ? `（此前：${amount(c.previous_target_price, language)}）`
          : ` (from ${amount(c.previous_target_price, language)})`
        : '';
    parts.push(`${zh ? '目标价' : 'Target price'}: ${amount(c.target_price, language)}${currency}${before}`);
  }
  if (parts.length === 0) return null;
  const name = c.company_name ? `${c.company_name} (${c.ticker})` : c.ticker;
  return `**${name}**: ${parts.join(zh ? '；' : '; ')}`;
}

/**
 * The passage of the report that prints the call: the first (report text before boilerplate) that
 * holds a company's rating as printed, else its ticker's code, else its name.
 */
function passageOfCall(passages: readonly Passage[], companies: readonly CompanyRow[]): Passage | null {
  const ordered = [...passages.filter((p) => !p.boilerplate), ...passages.filter((p) => p.boilerplate)];
  const marks = [
    companies.map((c) => c.rating),
    companies.map((c) => c.ticker.split('.')[0] ?? null),
    companies.map((c) => c.company_name || null),
  ];
  for (const printed of marks) {
    const words = printed.filter((s): s is string => !!s);
    const found = ordered.find((p) => words.some((w) => p.text.includes(w)));
    if (found) return found;
  }
  return null;
}

/** The note's call in words and the passage of the report that prints it (what the answer cites). */
export interface ResearchAnswer {
  facts: string;
  source: Passage;
}

/**
 * What the note's research data (read at ingestion, or corrected) says of its companies' ratings
 * and targets, with the passage that prints it: the answer to "what is the rating / target?"
 * comes from the data first. Null when the note has none, or nothing in it prints the call.
 */
export function researchAnswer(
  stockInformationJson: string,
  passages: readonly Passage[],
  language: Language,
): ResearchAnswer | null {
  const companies = companyRows(stockInformationJson).slice(0, MAX_COMPANIES);
  const lines = companies.map((c) => callInWords(c, language)).filter((l): l is string => l !== null);
  if (lines.length === 0) return null;
  const source = passageOfCall(passages, companies);
  return source ? { facts: lines.join('\n'), source } : null;
}
