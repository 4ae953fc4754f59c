import { FollowTarget, SavedSearch, type FollowKind } from '@rl/contract';
import { foldName } from '@rl/contract/text-fold';
import { tokenize } from '../../text/segment.js';

/** A follow as it is stored: what a report must carry (kind, key) and the user's name for it. */
export interface FollowSpec {
  kind: FollowKind;
  key: string;
  label: string;
  search: SavedSearch | null;
}

/** The canonical form of a saved search: the same keyword and filters give the same key. */
function searchKey(search: SavedSearch): string {
  const filter = Object.fromEntries(
    Object.entries(search.filter)
      .filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0))
      .map(([k, v]): [string, unknown] => [k, Array.isArray(v) ? [...v].sort() : v])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  return JSON.stringify({ keyword: tokenize(search.keyword).join(' '), filter });
}

/** What a target follows, keyed as the matching looks it up, labelled as it reads. */
export function followSpec(target: FollowTarget, label?: string): FollowSpec {
  const t = FollowTarget.parse(target);
  switch (t.kind) {
    case 'company':
      return {
        kind: 'company',
        key: t.ticker.toUpperCase(),
        label: label ?? t.ticker.toUpperCase(),
        search: null,
      };
    case 'issuer':
      // Named by the issuer, whatever label is asked: the issuer lists find its reports by that name.
      return { kind: 'issuer', key: foldName(t.issuer), label: t.issuer, search: null };
    case 'sector':
      return { kind: 'sector', key: t.sector, label: label ?? t.sector, search: null };
    case 'analyst':
      return { kind: 'analyst', key: foldName(t.analyst), label: label ?? t.analyst, search: null };
    case 'search': {
      const search = SavedSearch.parse(t.search);
      const fallback = search.keyword || search.filter.ticker || search.filter.issuer || '*';
      return { kind: 'search', key: searchKey(search), label: label ?? fallback.slice(0, 80), search };
    }
  }
}

/** A saved search's words: a report is a candidate when it carries one, a match when it carries all. */
export const searchWords = (search: SavedSearch): string[] => [...new Set(tokenize(search.keyword))];

/**
 * The terms a saved search is indexed under (follow_terms): its words; without a keyword, what its
 * filters pin (a ticker, an issuer, a sector); '*' for one that pins nothing, read for every report.
 */
export function searchAnchors(search: SavedSearch): string[] {
  const words = searchWords(search);
  if (words.length) return words;
  const f = search.filter;
  if (f.ticker) return [`ticker:${f.ticker.toUpperCase()}`];
  const issuers = (f.issuer ?? '')
    .split(',')
    .map((s) => foldName(s))
    .filter(Boolean);
  if (issuers.length) return issuers.map((i) => `issuer:${i}`);
  if (f.sector?.length) return f.sector.map((s) => `sector:${s}`);
  return ['*'];
}
