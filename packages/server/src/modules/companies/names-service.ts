import { ERROR_CODES, type CompanyNamesListResponse, type CompanyNamesRecord } from '@rl/contract';
import type { z } from 'zod';
import type { CompanyNamesSaveRequest as SaveSchema } from '@rl/contract';
import { AppError } from '../../errors.js';
import { msg } from '../../messages/message.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { AdminRecord } from '../access/admin-record.js';
import type { AuditRepo } from '../audit/audit.js';
import type { Company, CompanyDirectory } from './company-directory.js';
import type { DirectorySource } from './directory-source.js';
import type { CompanyNamesRepo } from './names-repo.js';
import { tickerCandidates } from './ticker-input.js';

type SaveRequest = z.output<typeof SaveSchema>;

/** What a change of names writes together: the names and the audit row. */
export type CompanyNamesTx = { companyNames: CompanyNamesRepo; audit: AuditRepo };

function record(dir: CompanyDirectory, c: Company): CompanyNamesRecord {
  const sources = dir.sources(c);
  const entries = (names: string[]) => names.map((name) => ({ name, source: sources.get(name) ?? 'table' }));
  return { ticker: c.ticker, tickers: c.tickers, exchange: c.exchange, en: entries(c.en), zh: entries(c.zh) };
}

/** The console's names of companies: find a company, set its names in both languages (audited). */
export function createCompanyNamesService(deps: {
  transaction: <T>(work: (tx: CompanyNamesTx) => Promise<T>) => Promise<T>;
  directory: DirectorySource;
  clock: Clock;
}) {
  const { directory, clock } = deps;
  return {
    async list(keyword: string, limit: number): Promise<CompanyNamesListResponse> {
      const dir = await directory.current();
      if (!keyword) return { companies: dir.companies.slice(0, limit).map((c) => record(dir, c)) };
      const { exact, codes } = tickerCandidates(keyword);
      const byTicker = [
        ...[keyword.toUpperCase(), ...exact].flatMap((t) => dir.byTicker(t) ?? []),
        ...dir.companies.filter((c) => c.tickers.some((t) => codes.some((code) => t.startsWith(`${code}.`)))),
      ];
      const found = [...new Set([...byTicker, ...dir.containing(keyword, limit)])].slice(0, limit);
      return { companies: found.map((c) => record(dir, c)) };
    },

    /**
     * Sets every name of the company of `req.ticker`: a name added is the console's, a name left
     * out is taken away (kept as hidden, so that neither the table nor a note brings it back).
     * Audited 'company.names' with the names before and after. 404 when no company has the ticker.
     */
    async save(admin: AdminRecord, req: SaveRequest): Promise<CompanyNamesRecord> {
      const before = (await directory.current()).byTicker(req.ticker);
      if (!before) throw new AppError(ERROR_CODES.notFound, msg('noSuchCompany'));
      const was = [...before.en, ...before.zh];
      const wanted = [...req.en, ...req.zh];
      const lower = (list: string[]) => new Set(list.map((n) => n.toLowerCase()));
      const wantedLower = lower(wanted);
      const wasLower = lower(was);
      const changes = [
        ...wanted.filter((n) => !wasLower.has(n.toLowerCase())).map((name) => ({ name, hidden: false })),
        ...was.filter((n) => !wantedLower.has(n.toLowerCase())).map((name) => ({ name, hidden: true })),
      ];
      if (changes.length) {
        const now = isoNow(clock);
        await deps.transaction(async (tx) => {
          await tx.companyNames.setByConsole(before.ticker, changes, now);
          await tx.audit.write(
            admin,
            {
              action: 'company.names',
              targetType: 'company',
              targetId: before.ticker,
              before: { en: before.en.join(' | '), zh: before.zh.join(' | ') },
              after: { en: req.en.join(' | '), zh: req.zh.join(' | ') },
            },
            now,
          );
        });
        directory.changed();
      }
      const dir = await directory.current();
      return record(dir, dir.byTicker(before.ticker)!);
    },
  };
}
export type CompanyNamesService = ReturnType<typeof createCompanyNamesService>;
