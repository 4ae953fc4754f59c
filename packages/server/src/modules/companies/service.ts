import {
  RATING_STEPS,
  type BrokerView,
  type CompanyDetailResponse,
  type CompanyRef,
  type CompanySearchResponse,
  type RatingAction,
  type RatingStep,
} from '@rl/contract';
import { ERROR_CODES } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { listIssuer, listTitle } from '../files/presenter.js';
import { sectorOf } from '../files/meta-columns.js';
import type { Company } from './company-directory.js';
import type { DirectorySource } from './directory-source.js';
import type { CompaniesRepo, CompanyNoteRow } from './repo.js';
import { tickerCandidates } from './ticker-input.js';

/** The names of each ticker, most printed first. */
function namesByTicker(rows: { ticker: string; company_name: string; n: number }[]): Map<string, string[]> {
  const out = new Map<string, { name: string; n: number }[]>();
  for (const r of rows) out.set(r.ticker, [...(out.get(r.ticker) ?? []), { name: r.company_name, n: r.n }]);
  return new Map(
    [...out].map(([ticker, names]) => [ticker, names.sort((a, b) => b.n - a.n).map((x) => x.name)]),
  );
}

const viewOf = (r: CompanyNoteRow): BrokerView => ({
  file_id: r.file_id,
  title: listTitle(r.title),
  issuer: listIssuer(r.issuer),
  publish_date: r.publish_date,
  language: r.language,
  rating: r.rating,
  rating_normalised: (r.rating_normalised as RatingStep | null) ?? null,
  rating_action: (r.rating_action as RatingAction | null) ?? null,
  previous_rating: r.previous_rating,
  target_price: r.target_price,
  currency: r.currency,
  previous_target_price: r.previous_target_price,
});

/** The most frequent non-null value of a list. */
function mostFrequent<T>(values: (T | null)[]): T | null {
  const counts = new Map<T, number>();
  for (const v of values) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** Companies whose names the type-ahead looks through for one input, at most. */
const NAMED_COMPANIES_MAX = 50;

const knownNames = (c: Company | undefined): string[] => (c ? [...c.en, ...c.zh] : []);

/**
 * Companies as the notes of the library cover them: the type-ahead, the ticker keyword, the page.
 * `directory`: every name of each company (the shipped table, names learned from notes, the
 * console's), so that any of them finds the company.
 */
export function createCompaniesService(repo: CompaniesRepo, directory: DirectorySource) {
  /** Of a company's tickers, the one the library covers most; null when no note covers any. */
  async function coveredTicker(company: Company): Promise<string | null> {
    const [best] = await repo.find({ exact: company.tickers, codes: [] }, '', 1);
    return best?.ticker ?? null;
  }

  return {
    async search(input: string, limit: number): Promise<CompanySearchResponse> {
      const dir = await directory.current();
      const candidates = tickerCandidates(input);
      const named = dir.containing(input, NAMED_COMPANIES_MAX).flatMap((c) => c.tickers);
      const found = await repo.find(
        { ...candidates, exact: [...new Set([...candidates.exact, ...named])] },
        input,
        limit,
      );
      const names = namesByTicker(await repo.names(found.map((f) => f.ticker)));
      return {
        companies: found.map((f) => {
          const all = names.get(f.ticker) ?? [];
          const known = knownNames(dir.byTicker(f.ticker));
          return {
            ticker: f.ticker,
            name: all[0] ?? known[0] ?? f.ticker,
            names: all,
            known_names: known,
            report_count: f.n,
          };
        }),
      };
    },

    /**
     * The company a search keyword names when it is, whole, one of a company's names (`腾讯`,
     * `Tencent Holdings`) and the library covers it: the ticker its notes use most.
     */
    async ofName(keyword: string): Promise<CompanyRef | null> {
      const company = (await directory.current()).byName(keyword);
      if (!company) return null;
      const ticker = await coveredTicker(company);
      if (!ticker) return null;
      const names = namesByTicker(await repo.names([ticker]));
      return { ticker, name: names.get(ticker)?.[0] ?? company.en[0] ?? company.zh[0] ?? ticker };
    },

    /**
     * The company a search keyword names when it reads as a ticker (`600519`, `0700 HK`, `AAPL`):
     * the most covered of the tickers it may be. Words in lower case never do.
     */
    async ofKeyword(keyword: string): Promise<CompanyRef | null> {
      const candidates = tickerCandidates(keyword, { strict: true });
      if (candidates.exact.length === 0 && candidates.codes.length === 0) return null;
      const [best] = await repo.find(candidates, '', 1);
      if (!best) return null;
      const names = namesByTicker(await repo.names([best.ticker]));
      return { ticker: best.ticker, name: names.get(best.ticker)?.[0] ?? best.ticker };
    },

    /**
     * The page of the company `ask` names by a ticker or by any of its names: a ticker no note
     * uses leads to the company's listing the notes cover (`TSM.US` to `2330.TW`).
     */
    async detail(ask: {
      ticker?: string | undefined;
      name?: string | undefined;
    }): Promise<CompanyDetailResponse> {
      const dir = await directory.current();
      const company = ask.name !== undefined ? dir.byName(ask.name) : dir.byTicker(ask.ticker ?? '');
      let ticker = ask.ticker ?? null;
      let notes = ticker ? await repo.notes(ticker) : [];
      if (notes.length === 0 && company) {
        ticker = await coveredTicker(company);
        notes = ticker ? await repo.notes(ticker) : [];
      }
      if (notes.length === 0 || !ticker) throw new AppError(ERROR_CODES.notFound, msg('noSuchCompany'));
      return companyPage(ticker, notes, knownNames(company ?? dir.byTicker(ticker)));
    },
  };
}

/** One company's page from its notes (oldest first): latest view per broker, history, ratings. */
function companyPage(ticker: string, notes: CompanyNoteRow[], known: string[]): CompanyDetailResponse {
  const names =
    namesByTicker(
      [...new Set(notes.map((n) => n.company_name).filter(Boolean))].map((name) => ({
        ticker,
        company_name: name,
        n: notes.filter((n) => n.company_name === name).length,
      })),
    ).get(ticker) ?? [];
  // Oldest first: the last note of each broker is its latest view.
  const latestByBroker = new Map<string, CompanyNoteRow>();
  for (const n of notes) latestByBroker.set(n.issuer || n.file_id, n);
  const latest = [...latestByBroker.values()]
    .reverse()
    .sort((a, b) =>
      (b.publish_date ?? '') < (a.publish_date ?? '')
        ? -1
        : (b.publish_date ?? '') > (a.publish_date ?? '')
          ? 1
          : b.seq - a.seq,
    );
  const distribution = Object.fromEntries(RATING_STEPS.map((s) => [s, 0])) as Record<RatingStep, number>;
  for (const v of latest) if (v.rating_normalised) distribution[v.rating_normalised as RatingStep] += 1;
  const dot = ticker.lastIndexOf('.');
  return {
    company: {
      ticker,
      name: names[0] ?? ticker,
      names,
      known_names: known,
      report_count: notes.length,
      exchange: dot > 0 ? ticker.slice(dot + 1) : null,
      sector: sectorOf(mostFrequent(notes.map((n) => n.sector))),
    },
    latest_views: latest.map(viewOf),
    history: notes.filter((n) => n.publish_date !== null).map(viewOf),
    rating_distribution: distribution,
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
