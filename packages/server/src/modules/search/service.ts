import { createHash } from 'node:crypto';
import type {
  FacetsRequest,
  SearchFacets,
  SearchFilter,
  SearchRequest,
  SearchResponse,
  Sorting,
} from '@rl/contract';
import type { CompaniesService } from '../companies/service.js';
import type { DirectorySource } from '../companies/directory-source.js';
import { withCompanyNames } from './company-words.js';
import type { z } from 'zod';
import { pageWindow, pagingAnswer } from '../../db/paging.js';
import type { Viewer } from '../access/viewer.js';
import { presentListItem } from '../files/presenter.js';
import type { QuotaService } from '../quota/service.js';
import { currentGlossaryIndex, markedTerms, widenQuery, type WidenedQuery } from './cross-lingual.js';
import type { GlossarySource } from '../glossary/glossary-source.js';
import { splitAtGlossaryTerms } from './glossary-words.js';
import { parseQuery } from './fts-query.js';
import { createGenerationCache } from './generation-cache.js';
import { snippetHtml, titleHtml } from './snippet.js';
import type { ListRow, SearchQuery, SearchRepo } from './repo.js';

type ParsedSearch = z.output<typeof SearchRequest>;

const isSet = (v: unknown): boolean =>
  Array.isArray(v) ? v.length > 0 : typeof v === 'string' ? v.trim() !== '' : v !== undefined;

/**
 * A request is a search, counted against the search quota (once per keyword and window,
 * `searchKeyHash`), when it has a keyword or a filter; the landing list (neither, in either date
 * order) is free at every page.
 */
export function isSearch(req: { keyword: string; filter: SearchFilter }): boolean {
  return req.keyword.trim() !== '' || Object.values(req.filter).some(isSet);
}

/** The keyword as typed, normalised: Unicode NFC, lower case, trimmed, spaces collapsed. */
const normalisedKeyword = (keyword: string): string =>
  keyword.normalize('NFC').toLowerCase().trim().replace(/\s+/g, ' ');

const digest = (value: unknown): string =>
  createHash('sha256').update(JSON.stringify(value)).digest('base64url');

/**
 * What identifies one query across its pages: the keyword (normalised), the set filters (in a
 * fixed order, lists sorted), title-only, the sorting in effect and the page length, hashed
 * (sha256, base64url). Any change makes another query, whose later pages are not free by paging
 * (quota.consumeSearch); whether it counts is its keyword's rule (`searchKeyHash`).
 */
export function searchHash(req: ParsedSearch, sorting: Sorting): string {
  const filter = Object.entries(req.filter)
    .filter(([, v]) => isSet(v))
    .map(([k, v]) => [k, Array.isArray(v) ? [...(v as string[])].sort() : v] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return digest({
    keyword: normalisedKeyword(req.keyword),
    filter,
    title_only: req.title_only,
    one_language: req.one_language,
    sorting,
    page_length: req.page_length,
  });
}

/**
 * What a user submitted, as the search quota counts it: the normalised keyword alone. Filters,
 * title-only, sorting and page length refine the same search; an empty keyword with filters is one
 * search too (browsing by filters). quota.consumeSearch counts it once per window.
 */
export function searchKeyHash(req: Pick<ParsedSearch, 'keyword'>): string {
  return digest({ keyword: normalisedKeyword(req.keyword) });
}

/** The sorting a request gets: an empty keyword sorts by date, else relevance unless asked. */
function sortingOf(req: ParsedSearch, terms: number): Sorting {
  if (terms === 0) return req.sorting === 'date_asc' ? 'date_asc' : 'date_desc';
  return req.sorting ?? 'relevance';
}

/**
 * The keyword's query (through `glossary`, when there is one), cut at the glossary's terms and
 * companies' names and widened through them unless one language is asked for.
 */
function queryReader(
  glossary: ReturnType<typeof currentGlossaryIndex> | null,
  companyNames: DirectorySource | undefined,
) {
  return async (req: { keyword: string; one_language: boolean }): Promise<WidenedQuery> => {
    const typed = parseQuery(req.keyword);
    if (!glossary || typed.terms.length === 0) return { parsed: typed, also: [] };
    const glossaryIndex = (await glossary()).index;
    const index = companyNames
      ? withCompanyNames(glossaryIndex, await companyNames.current())
      : glossaryIndex;
    const words = splitAtGlossaryTerms(typed, index);
    return req.one_language ? { parsed: words, also: [] } : widenQuery(words, index);
  };
}

/** Relevance with private matches: positions [0, mine) are the viewer's, the library follows. */
async function mineFirst(
  repo: SearchRepo,
  q: SearchQuery,
  ownerId: string,
  generation?: string,
): Promise<{ rows: ListRow[]; total: number }> {
  const mine = await repo.privateRanked(q, ownerId);
  const page = mine.slice(q.offset, q.offset + q.limit);
  const library = await repo.search(
    { ...q, ownerId: null, offset: Math.max(0, q.offset - mine.length), limit: q.limit - page.length },
    generation,
  );
  return { rows: [...(await repo.privateRows(page)), ...library.rows], total: mine.length + library.total };
}

/** The rows as list items, the searched terms marked in their snippets and titles. */
function presentRows(rows: ListRow[], marked: ReturnType<typeof markedTerms>) {
  return rows.map((r) => {
    const item = presentListItem(r, r.body ? snippetHtml(r.body, marked) : '');
    const title = titleHtml(item.title, marked);
    return {
      ...item,
      ...(title ? { title_html: title } : {}),
      ...(r.mine ? { mine: true } : {}),
    };
  });
}

/**
 * Library search: the rules of SPEC.md section 4 (empty keyword sorts by date, else relevance).
 * A logged-in viewer's own ready private uploads join the results: by date they are merged into
 * the library's order; by relevance the viewer's matching uploads come first, then the library.
 * `quota` counts viewers' searches (`searchAs`); callers without a viewer (db:copy's checks) use
 * `search` and need none.
 */
export function createSearchService(
  repo: SearchRepo,
  opts: {
    quota?: Pick<QuotaService, 'consumeSearch' | 'markLocked'>;
    /**
     * Library pages (the same for every viewer without private uploads: the landing list, popular
     * searches, paging back and forth) kept as answered while the search generation stays; a
     * page is a few kB. 0 (the default): every search runs.
     */
    cachedPages?: number;
    /** Reads a keyword that is a ticker or a name as its company (none: keywords are always words). */
    companies?: Pick<CompaniesService, 'ofKeyword' | 'ofName'>;
    /** Companies' names, which a keyword is widened through like the glossary's terms. */
    companyNames?: DirectorySource;
    /** The finance glossary a keyword is widened through (none: keywords are searched as typed). */
    glossary?: GlossarySource;
  } = {},
) {
  const { quota, companies } = opts;
  const glossary = opts.glossary ? currentGlossaryIndex(opts.glossary) : null;
  const queryOf = queryReader(glossary, opts.companyNames);
  const pages = opts.cachedPages
    ? createGenerationCache<SearchResponse>(repo.generation, opts.cachedPages)
    : null;

  /** `ownerId`: the logged-in viewer, whose private uploads may match; null for a visitor. */
  async function search(req: ParsedSearch, ownerId: string | null = null): Promise<SearchResponse> {
    // One statement: the generation and one indexed lookup; nothing more runs for a viewer without
    // a ready private upload.
    const viewer = ownerId === null ? null : await repo.viewerState(ownerId);
    const own = viewer?.hasPrivate ? ownerId : null;
    if (own === null && pages) {
      // An answer widened through the glossary holds until the glossary changes…
      const tag = glossary && req.keyword ? (await glossary()).tag : 0;
      // …and until a company's names change.
      const names = opts.companyNames && req.keyword ? (await opts.companyNames.current()).tag : 0;
      const key = `${tag}:${names}:${JSON.stringify(req)}`;
      return pages.get(key, (generation) => answer(req, null, generation), viewer?.generation);
    }
    return answer(req, own, viewer?.generation);
  }

  /** `generation`: the search generation already read for this request, if any. */
  async function answer(
    asked: ParsedSearch,
    own: string | null,
    generation?: string,
  ): Promise<SearchResponse> {
    // A ticker typed as the keyword (`600519`, `0700 HK`) asks for that company's notes, newest first.
    const company = !asked.keyword_as_text && companies ? await companies.ofKeyword(asked.keyword) : null;
    const req: ParsedSearch = company
      ? { ...asked, keyword: '', filter: { ...asked.filter, ticker: company.ticker } }
      : asked;
    // A company's name (`腾讯`) is searched as words widened to its other names; its page is offered.
    const named = !company && companies && req.keyword.trim() ? await companies.ofName(req.keyword) : null;
    const { parsed, also } = await queryOf(req);
    const marked = markedTerms(parsed);
    const sorting = sortingOf(req, parsed.terms.length);
    const query: SearchQuery = {
      parsed,
      titleOnly: req.title_only,
      filter: req.filter,
      sorting,
      ...pageWindow(req),
    };
    const { rows, total } =
      own === null
        ? await repo.search(query, generation)
        : sorting === 'relevance'
          ? await mineFirst(repo, query, own, generation)
          : await repo.search({ ...query, ownerId: own }, generation);
    return {
      file_list: presentRows(rows, marked),
      ...pagingAnswer(req, total),
      sorting,
      ...(company ? { company } : {}),
      ...(named ? { company_named: named } : {}),
      ...(also.length ? { also_searched: also } : {}),
    };
  }

  return {
    search,

    /** Counts per value of the research fields over a search's library matches (not a search: free). */
    async facets(req: z.output<typeof FacetsRequest>): Promise<SearchFacets> {
      return repo.facets({
        parsed: (await queryOf(req)).parsed,
        titleOnly: req.title_only,
        filter: req.filter,
      });
    },

    /**
     * The viewer's search, counted first when it is one (`isSearch`): once per keyword within
     * the refining window, and a later page of a query already answered is free within the paging
     * window (quota.consumeSearch). 403 quota_exceeded when spent; nothing is searched then.
     */
    async searchAs(req: ParsedSearch, viewer: Viewer): Promise<SearchResponse> {
      if (!quota) throw new Error('the search service was built without the quota');
      if (isSearch(req)) {
        const sorting = sortingOf(req, parseQuery(req.keyword).terms.length);
        await quota.consumeSearch(viewer, {
          key: searchKeyHash(req),
          hash: searchHash(req, sorting),
          firstPage: req.page_id === 1,
        });
      }
      const answer = await search(req, viewer.user?.id ?? null);
      // Reports the viewer's plan does not open yet carry their lock (the file-age rule).
      return { ...answer, file_list: quota.markLocked(viewer, answer.file_list) };
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
