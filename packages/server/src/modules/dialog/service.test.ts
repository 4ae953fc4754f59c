import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../platform/llm.js';
import { boundedHistory, chatPrompt, HISTORY_EXCHANGES, HISTORY_TOKENS } from './service.js';

const exchanges = (n: number, answer = (i: number) => `Answer ${i}.`) =>
  Array.from({ length: n }, (_, i) => ({ question: `Question ${i}?`, answer: answer(i) }));

describe('the history the model sees', () => {
  it('keeps the newest exchanges, oldest first, at most HISTORY_EXCHANGES', () => {
    expect(boundedHistory([])).toEqual([]);
    expect(boundedHistory(exchanges(3))).toEqual(exchanges(3));
    const kept = boundedHistory(exchanges(HISTORY_EXCHANGES + 3));
    expect(kept.map((x) => x.question)).toEqual(
      Array.from({ length: HISTORY_EXCHANGES }, (_, i) => `Question ${i + 3}?`),
    );
  });

  it('drops the oldest exchanges first to stay under the token cap, never half an exchange', () => {
    // Each answer ~1,000 tokens: only three whole exchanges fit under 4,000.
    const long = exchanges(5, (i) => `${i} `.padEnd(4000, 'x'));
    const kept = boundedHistory(long);
    expect(kept.map((x) => x.question)).toEqual(['Question 2?', 'Question 3?', 'Question 4?']);
    const tokens = kept.reduce((n, x) => n + estimateTokens(x.question) + estimateTokens(x.answer), 0);
    expect(tokens).toBeLessThanOrEqual(HISTORY_TOKENS);
    // A newest exchange larger than the cap alone leaves no history rather than a cut one.
    expect(boundedHistory([{ question: 'Q?', answer: 'x'.repeat(4 * HISTORY_TOKENS + 4) }])).toEqual([]);
  });
});

describe('the prompt', () => {
  it('is the rules, the earlier turns in order, then the passages and the question', () => {
    const messages = chatPrompt([{ page: 2, text: 'Net sales rose.' }], 'and in 2025?', [
      { question: 'How did net sales change?', answer: 'They rose [p. 2].' },
      { question: 'Why?', answer: 'Traffic [p. 2].' },
    ]);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(messages.slice(1, 5).map((m) => m.content)).toEqual([
      'How did net sales change?',
      'They rose [p. 2].',
      'Why?',
      'Traffic [p. 2].',
    ]);
    expect(messages.at(-1)?.content).toBe(
      'Passages:\n\n[1] (p. 2)\nNet sales rose.\n\nQuestion: and in 2025?',
    );
    expect(chatPrompt([], 'q').map((m) => m.role)).toEqual(['system', 'user']);
  });
});
