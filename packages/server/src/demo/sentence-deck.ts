import { fillTemplate, type TemplateContext } from './fill-template.js';
import type { Random } from './random.js';

/** Deals templates like cards: each is used once before any repeats, and every use gets fresh numbers. */
export class SentenceDeck {
  private cards: string[] = [];

  constructor(
    private readonly templates: readonly string[],
    private readonly context: TemplateContext,
    private readonly random: Random,
  ) {
    if (templates.length === 0) throw new Error('a sentence deck needs templates');
  }

  draw(): string {
    if (this.cards.length === 0) this.cards = this.random.shuffle(this.templates);
    return fillTemplate(this.cards.pop() as string, this.context, this.random);
  }

  /**
   * Sentences until they reach `chars` characters (at least one). A paragraph never repeats a
   * template, so it ends early when the templates run out.
   */
  drawChars(chars: number): string[] {
    const used = new Set<string>();
    const sentences: string[] = [];
    let length = 0;
    while (length < chars || sentences.length === 0) {
      if (this.cards.length === 0)
        this.cards = this.random.shuffle(this.templates.filter((t) => !used.has(t)));
      const template = this.cards.pop();
      if (template === undefined) break;
      used.add(template);
      const sentence = fillTemplate(template, this.context, this.random);
      sentences.push(sentence);
      length += sentence.length;
    }
    return sentences;
  }
}
