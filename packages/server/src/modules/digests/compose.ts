import { RATING_STEP_LABELS, type ListResearch } from '@rl/contract';
import { shortenText, splitSentences } from '@rl/contract/sentences';
import type { Language } from '../../messages/bilingual.js';
import { msg, render, type Message } from '../../messages/message.js';
import type { MailMessage } from '../../platform/mail.js';
import { listResearch, presentListItem, presentSummaries } from '../files/presenter.js';
import { wallClock, type SentFrequency } from './periods.js';
import type { DigestItemRow } from './repo.js';

/** Reports a digest lists at most; the rest are counted, with the inbox's link. */
export const DIGEST_LISTED_MAX = 50;
/** A summary's first sentence is cut here (after a whole word): a digest is read at a glance. */
const SENTENCE_MAX = 300;
/** Actions that change a view of a company: listed first. */
const CHANGES = new Set(['upgrade', 'downgrade', 'initiate']);

export interface DigestContent {
  to: string;
  language: Language;
  frequency: SentFrequency;
  timeZone: string;
  /** The window's start (ISO): the digest lists what arrived after it. */
  since: string;
  /** The reports to list (newest arrival first) and how many the window holds in all. */
  items: DigestItemRow[];
  total: number;
  /** The absolute base of the web app's links (PUBLIC_URL). */
  baseUrl: string;
  unsubscribeUrl: string;
  messageId: string;
}

const number = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
const price = (value: number, currency: string | null) =>
  currency ? `${number(value)} ${currency}` : number(value);

/** The rating as the note prints it, or our scale's step in the reader's language. */
function ratingName(r: ListResearch, language: Language): string | null {
  const printed = r.rating?.trim();
  if (printed) return printed;
  return r.rating_normalised ? RATING_STEP_LABELS[r.rating_normalised][language] : null;
}

/** "downgraded to Hold (from Buy), target 420 HKD (was 480)", in the reader's language. */
function viewLine(r: ListResearch, language: Language): string | null {
  const say = (m: Message) => render(m, language);
  // Chinese runs its clauses together; English spaces them.
  const zh = language === 'zh';
  const after = (text: string, more: Message) => `${text}${zh ? '' : ' '}${say(more)}`;
  const parts: string[] = [];
  const rating = ratingName(r, language);
  if (rating) {
    const action = {
      upgrade: 'digestUpgraded',
      downgrade: 'digestDowngraded',
      initiate: 'digestInitiated',
      maintain: 'digestMaintained',
    } as const;
    let text = say(msg(r.rating_action ? action[r.rating_action] : 'digestRating', { rating }));
    const previous = r.previous_rating?.trim();
    if (previous && r.rating_action && r.rating_action !== 'initiate')
      text = after(text, msg('digestFromRating', { rating: previous }));
    parts.push(text);
  }
  if (r.target_price !== null) {
    let text = say(msg('digestTarget', { target: price(r.target_price, r.currency) }));
    if (r.previous_target_price !== null)
      text = after(text, msg('digestPreviousTarget', { target: number(r.previous_target_price) }));
    parts.push(text);
  }
  if (!parts.length) return null;
  const company = r.company_name?.trim() || r.ticker;
  const line = parts.join(zh ? '，' : ', ');
  return company ? `${company}${zh ? '：' : ': '}${line}` : line;
}

/** The summary's first sentence in the reader's language when there is one, else the report's. */
function firstSentence(row: DigestItemRow, language: Language): string | null {
  const translated = language === 'zh' ? presentSummaries(row.multi_language_summary)['zh-hans'] : undefined;
  const sentence = splitSentences((translated ?? row.summary).trim())[0];
  if (!sentence) return null;
  return shortenText(sentence, SENTENCE_MAX);
}

const isChange = (row: DigestItemRow) =>
  CHANGES.has(listResearch(row.stock_information)?.rating_action ?? '');

function entry(row: DigestItemRow, c: DigestContent): string {
  const item = presentListItem(row, '');
  const research = item.research && viewLine(item.research, c.language);
  const sentence = firstSentence(row, c.language);
  return [
    `* ${item.title}`,
    `  ${[item.issuer, item.publish_date].filter(Boolean).join(' · ')}`,
    ...(research ? [`  ${research}`] : []),
    ...(sentence ? [`  ${sentence}`] : []),
    `  ${c.baseUrl}/home/file?file=${encodeURIComponent(item.id)}`,
  ].join('\n');
}

/**
 * A user's digest as a plain-text e-mail in their language: the reports whose view of a company
 * changed first, then the others, each with its title, broker, date, rating and target, the first
 * sentence of its summary and its link; one-click unsubscribe (RFC 8058) in the headers.
 */
export function composeDigest(c: DigestContent): MailMessage {
  const say = (m: Message) => render(m, c.language);
  const listed = c.items.slice(0, DIGEST_LISTED_MAX);
  const changes = listed.filter(isChange);
  const others = listed.filter((row) => !isChange(row));
  const since = wallClock(new Date(c.since), c.timeZone);
  const sinceText = `${since.year}-${String(since.month).padStart(2, '0')}-${String(since.day).padStart(2, '0')}`;
  const section = (title: Message, rows: DigestItemRow[]) =>
    rows.length ? [say(title), '', ...rows.map((row) => `${entry(row, c)}\n`)] : [];
  const daily = c.frequency === 'daily';
  const text = [
    say(msg('digestIntro', { since: sinceText })),
    '',
    ...section(msg('digestRatingChanges'), changes),
    ...section(msg('digestOtherReports'), others),
    ...(c.total > listed.length ? [say(msg('digestMore', { count: c.total - listed.length })), ''] : []),
    say(msg('digestInboxLink', { url: `${c.baseUrl}/my/inbox` })),
    '',
    '-- ',
    say(msg(daily ? 'digestWhyDaily' : 'digestWhyWeekly', { url: `${c.baseUrl}/my/settings` })),
    say(msg('digestUnsubscribeLine', { url: c.unsubscribeUrl })),
    '',
  ].join('\n');
  return {
    to: c.to,
    subject: say(msg(daily ? 'digestSubjectDaily' : 'digestSubjectWeekly', { count: c.total })),
    text,
    headers: {
      'List-Unsubscribe': `<${c.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
    messageId: c.messageId,
  };
}
