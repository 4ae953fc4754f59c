import type { GlossaryListResponse, GlossaryTerm } from '@rl/contract';

let counter = 0;

/** A term as `/api/manage/glossary/list` answers it (contract GlossaryTerm): built-in, as shipped. */
export function buildTerm(overrides: Partial<GlossaryTerm> = {}): GlossaryTerm {
  counter += 1;
  return {
    id: `b:术语${counter}`,
    zh: [`术语${counter}`],
    en: [`term ${counter}`],
    domain: 'markets',
    origin: 'builtin',
    updated_time: null,
    updated_by: null,
    ...overrides,
  };
}

export function buildTermList(items: GlossaryTerm[], activeTerms = items.length): GlossaryListResponse {
  return { items, total_items: items.length, page_id: 1, page_length: 50, active_terms: activeTerms };
}
