import { FactSource, NOTE_FACTS, type NoteFact, type NoteSources } from '@rl/contract';
import type { CorrectableField } from './corrections.js';

/** The note fact a correctable column holds, whose source a correction takes away. */
const FACT_OF_FIELD: Partial<Record<CorrectableField, NoteFact>> = {
  title: 'document_title',
  issuer: 'issuer',
  publish_date: 'publish_date',
  authors: 'author',
  report_type: 'report_type',
  sector: 'sector',
};

/** The stored `fact_sources` JSON as the contract's sources; anything malformed is left out. */
export function noteSourcesOf(json: string): NoteSources {
  let v: unknown;
  try {
    v = JSON.parse(json || '{}');
  } catch {
    return {};
  }
  if (typeof v !== 'object' || v === null) return {};
  const out: NoteSources = {};
  for (const fact of NOTE_FACTS) {
    const source = FactSource.safeParse((v as Record<string, unknown>)[fact]);
    if (source.success) out[fact] = source.data;
  }
  return out;
}

/** The stored sources without those of the corrected columns. */
export function withoutSourcesOf(json: string, corrected: readonly CorrectableField[]): string {
  const sources = noteSourcesOf(json);
  for (const field of corrected) {
    const fact = FACT_OF_FIELD[field];
    if (fact) delete sources[fact];
  }
  return JSON.stringify(sources);
}
