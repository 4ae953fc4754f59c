import { ERROR_CODES } from '@rl/contract';
import type {
  GlossaryDeleteResponse,
  GlossaryIdRequest,
  GlossaryImportRequest,
  GlossaryImportResponse,
  GlossaryListRequest,
  GlossaryListResponse,
  GlossarySaveRequest,
  GlossaryTerm,
  GlossaryTermResponse,
} from '@rl/contract';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { pagingAnswer } from '../../db/paging.js';
import { AppError } from '../../errors.js';
import type { Language } from '../../messages/bilingual.js';
import { msg, render } from '../../messages/message.js';
import { isoNow, type Clock } from '../../platform/clock.js';
import type { AdminRecord } from '../access/admin-record.js';
import { foldText } from '@rl/contract/text-fold';
import type { GlossaryEntry } from './builtin-glossary.js';
import { glossaryCsv, planImport, readGlossaryCsv, type ImportProblem } from './csv-import.js';
import {
  isActive,
  mergeGlossary,
  sameEntry,
  zhKey,
  zhOwners,
  type GlossaryChange,
  type GlossaryItem,
} from './effective.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuditRepo } from '../audit/audit.js';
import type { GlossaryRepo } from './repo.js';
import type { GlossaryStore } from './store.js';

type ListIn = z.output<typeof GlossaryListRequest>;
type SaveIn = z.output<typeof GlossarySaveRequest>;
type IdIn = z.output<typeof GlossaryIdRequest>;
type ImportIn = z.output<typeof GlossaryImportRequest>;
/** What a glossary change writes together: the version, the terms, the audit row. */
export type GlossaryTx = { glossary: GlossaryRepo; audit: AuditRepo };

/** The most problems an import refused for bad lines names. */
const MAX_PROBLEMS = 100;

export const newGlossaryId = (): string => `g_${randomBytes(9).toString('base64url')}`;

const present = (i: GlossaryItem): GlossaryTerm => ({
  id: i.id,
  zh: i.entry.zh,
  en: i.entry.en,
  domain: i.entry.domain,
  origin: i.origin,
  updated_time: i.updatedAt,
  updated_by: i.updatedBy,
});

/** A term as the audit log shows it. */
const audited = (e: GlossaryEntry) => ({ zh: e.zh.join(' | '), en: e.en.join(' | '), domain: e.domain });

const notFound = () => new AppError(ERROR_CODES.notFound, msg('glossaryTermNotFound'));

/** A Chinese form of `entry` that another term in use already has: refused, naming both. */
function refuseClash(items: readonly GlossaryItem[], entry: GlossaryEntry, self: GlossaryItem | null): void {
  const owners = zhOwners(items);
  for (const form of entry.zh) {
    const owner = owners.get(zhKey(form));
    if (owner && owner !== self)
      throw new AppError(
        ERROR_CODES.conflict,
        msg('glossaryFormTaken', { form, term: owner.entry.zh[0] ?? '' }),
        {
          field: 'zh',
        },
      );
  }
}

/** The list's filter: the keyword folded once, then compared with every form (either script). */
function matcher(req: ListIn): (item: GlossaryItem) => boolean {
  const keyword = req.keyword ? foldText(zhKey(req.keyword)) : '';
  return (item) =>
    (!req.domain || item.entry.domain === req.domain) &&
    (!req.origin || item.origin === req.origin) &&
    (!keyword ||
      [...item.entry.zh, ...item.entry.en, ...(item.shipped?.zh ?? [])].some((f) =>
        foldText(zhKey(f)).includes(keyword),
      ));
}

const find = (items: readonly GlossaryItem[], id: string): GlossaryItem => {
  const item = items.find((i) => i.id === id);
  if (!item) throw notFound();
  return item;
};

/** The stored change that makes `target` (or a new term) read `entry`. */
const changeOf = (
  target: GlossaryItem | null,
  entry: GlossaryEntry,
  admin: AdminRecord,
  now: string,
  removed = false,
): GlossaryChange => ({
  id: target?.id ?? newGlossaryId(),
  builtin: target?.shipped?.zh[0] ?? null,
  entry,
  removed,
  updatedAt: now,
  updatedBy: admin.username,
});

/** Writes `entry` over `target`; a built-in term written back as shipped keeps no change. */
async function write(
  tx: GlossaryTx,
  target: GlossaryItem | null,
  entry: GlossaryEntry,
  admin: AdminRecord,
  now: string,
): Promise<void> {
  if (target?.shipped && sameEntry(target.shipped, entry)) await tx.glossary.remove(target.id);
  else await tx.glossary.put(changeOf(target, entry, admin, now));
}

interface GlossaryDeps {
  /** The version, the changes and their audit rows land together (db/unit-of-work.ts). */
  transaction: UnitOfWork<GlossaryTx>;
  store: GlossaryStore;
  builtin: () => readonly GlossaryEntry[];
  clock: Clock;
}

/** Runs a change on the terms as of its transaction (change), and reads a term as it is now (term). */
interface Changes {
  change: <T>(fn: (tx: GlossaryTx, items: GlossaryItem[]) => Promise<T>) => Promise<T>;
  term: (id: string) => Promise<GlossaryTerm | null>;
  clock: Clock;
}

/** Adding, editing, deleting and restoring one term, each audited. */
function termChanges({ change, term, clock }: Changes) {
  return {
    /** Adds a term (no id) or changes one; audited 'glossary.add' / 'glossary.edit'. */
    async save(admin: AdminRecord, req: SaveIn): Promise<GlossaryTermResponse> {
      const now = isoNow(clock);
      const entry: GlossaryEntry = { zh: req.zh, en: req.en, domain: req.domain };
      const id = await change(async (tx, items) => {
        const target = req.id ? find(items, req.id) : null;
        refuseClash(items, entry, target);
        const id = target?.id ?? newGlossaryId();
        if (target) await write(tx, target, entry, admin, now);
        else await tx.glossary.put({ ...changeOf(null, entry, admin, now), id });
        await tx.audit.write(
          admin,
          {
            action: target ? 'glossary.edit' : 'glossary.add',
            targetType: 'glossary',
            targetId: id,
            before: target && isActive(target) ? audited(target.entry) : null,
            after: audited(entry),
          },
          now,
        );
        return id;
      });
      const saved = await term(id);
      if (!saved) throw notFound();
      return { term: saved };
    },

    /** An added term is deleted; a built-in one is marked removed. Audited 'glossary.delete'. */
    async delete(admin: AdminRecord, req: IdIn): Promise<GlossaryDeleteResponse> {
      const now = isoNow(clock);
      await change(async (tx, items) => {
        const target = find(items, req.id);
        if (target.origin === 'removed') return;
        if (target.shipped) await tx.glossary.put(changeOf(target, target.shipped, admin, now, true));
        else await tx.glossary.remove(target.id);
        const entry = { action: 'glossary.delete', targetType: 'glossary', targetId: target.id } as const;
        await tx.audit.write(admin, { ...entry, before: audited(target.entry), after: null }, now);
      });
      return { deleted: true, term: await term(req.id) };
    },

    /** A built-in term edited or removed here goes back to as shipped; audited 'glossary.restore'. */
    async restore(admin: AdminRecord, req: IdIn): Promise<GlossaryTermResponse> {
      const now = isoNow(clock);
      await change(async (tx, items) => {
        const target = find(items, req.id);
        if (!target.shipped) throw new AppError(ERROR_CODES.badRequest, msg('glossaryOnlyBuiltinRestores'));
        if (target.origin === 'builtin') return;
        refuseClash(items, target.shipped, target);
        await tx.glossary.remove(target.id);
        await tx.audit.write(
          admin,
          {
            action: 'glossary.restore',
            targetType: 'glossary',
            targetId: target.id,
            before: isActive(target) ? audited(target.entry) : null,
            after: audited(target.shipped),
          },
          now,
        );
      });
      const restored = await term(req.id);
      if (!restored) throw notFound();
      return { term: restored };
    },
  };
}

/** Imports a CSV in one transaction, or refuses it whole naming its bad lines. */
function csvImport({ change, clock }: Changes) {
  return async (admin: AdminRecord, req: ImportIn, language: Language): Promise<GlossaryImportResponse> => {
    const refuse = (problems: ImportProblem[]) =>
      new AppError(ERROR_CODES.validation, msg('glossaryCsvRefused', { count: problems.length }), {
        field: 'csv',
        problems: problems
          .slice(0, MAX_PROBLEMS)
          .map((p) => ({ line: p.line, problem: render(p.problem, language) })),
      });
    const { lines, problems } = readGlossaryCsv(req.csv);
    if (problems.length) throw refuse(problems);
    const now = isoNow(clock);
    return change(async (tx, items) => {
      const plan = planImport(items, lines);
      if (plan.problems.length) throw refuse(plan.problems);
      for (const w of plan.writes) await write(tx, w.target, w.entry, admin, now);
      const counts = { added: plan.added, updated: plan.updated, unchanged: plan.unchanged };
      await tx.audit.write(
        admin,
        { action: 'glossary.import', targetType: 'glossary', targetId: 'csv', before: null, after: counts },
        now,
      );
      return counts;
    });
  };
}

/**
 * The console's glossary: list, add, edit, delete, restore, import and export. Every change runs
 * in one transaction with its audit row and bumps the glossary's version, so every instance's
 * store (store.ts) takes it up within seconds.
 */
export function createGlossaryService(deps: GlossaryDeps) {
  const { store, builtin, clock } = deps;

  /**
   * Runs `fn` on the terms as of this transaction, which changes take turns to run; then this
   * instance rereads the glossary, so the change is in use here at once (elsewhere at the next check).
   */
  const change: Changes['change'] = async (fn) => {
    const result = await deps.transaction(async (tx) => {
      await tx.glossary.bumpVersion();
      return fn(tx, mergeGlossary(builtin(), await tx.glossary.changes()));
    });
    await store.items({ fresh: true });
    return result;
  };

  const term = async (id: string): Promise<GlossaryTerm | null> => {
    const item = (await store.items({ fresh: true })).find((i) => i.id === id);
    return item ? present(item) : null;
  };

  return {
    async list(req: ListIn): Promise<GlossaryListResponse> {
      const items = await store.items({ fresh: true });
      const found = items.filter(matcher(req));
      const start = (req.page_id - 1) * req.page_length;
      return {
        items: found.slice(start, start + req.page_length).map(present),
        ...pagingAnswer(req, found.length),
        active_terms: items.filter(isActive).length,
      };
    },

    ...termChanges({ change, term, clock }),

    importCsv: csvImport({ change, term, clock }),

    /** The terms in use as CSV. */
    async exportCsv(): Promise<string> {
      return glossaryCsv(await store.items({ fresh: true }));
    },
  };
}
export type GlossaryService = ReturnType<typeof createGlossaryService>;
