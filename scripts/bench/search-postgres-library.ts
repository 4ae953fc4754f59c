import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../../packages/server/src/db/database.js';
import { tsvectorLiteral } from '../../packages/server/src/modules/search/tsvector.js';

/**
 * The synthetic library of synthetic-library.ts copied into a PostgreSQL schema of `serverUrl`
 * (the server's own migrations, then the rows: files, tags, the full-text rows with the tsvector
 * the server would write, the champion lists), so that both modes search the same reports.
 * Rows travel as arrays (INSERT ... SELECT FROM unnest), thousands per statement. Cached by N:
 * `dataDir` keeps the demo accounts the server writes on its first start on that schema.
 */
export async function postgresSyntheticLibrary(
  root: string,
  sqliteDir: string,
  n: number,
  serverUrl: string,
): Promise<{ dataDir: string; url: string; schema: string }> {
  const schema = `bench_search_${n}`;
  const dataDir = join(root, `search-${n}-pg`);
  const u = new URL(serverUrl);
  u.searchParams.set('options', `-c search_path=${schema},public`);
  const url = u.toString();
  const done = { dataDir, url, schema };
  if (existsSync(join(dataDir, 'ready'))) return done;

  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const db = openDatabase({ kind: 'postgres', url, poolSize: 1 });
  await migrateToLatest(db);
  await db.destroy();

  const source = new Database(join(sqliteDir, 'library.db'), { readonly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET synchronous_commit = off');
    await client.query("SET maintenance_work_mem = '256MB'");
    const copy = async (sql: string, rows: Iterable<unknown[]>, types: string[], batch: number) => {
      const columns = types.map(() => [] as unknown[]);
      const flush = async () => {
        if (columns[0]!.length === 0) return;
        await client.query(sql, columns);
        for (const c of columns) c.length = 0;
      };
      for (const row of rows) {
        row.forEach((v, i) => columns[i]!.push(v));
        if (columns[0]!.length >= batch) await flush();
      }
      await flush();
    };
    const unnest = (types: string[]) =>
      `SELECT * FROM unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;

    const FILE_COLUMNS = `seq, id, sha256, file_name, size_bytes, status, visibility, source, upload_time,
      updated_time, title, issuer, authors, tags, publish_date, asset_class, country, language, page_count,
      summarised_at, report_type, sector, rating, rating_action, stock_information, reading_version`;
    const fileTypes =
      'int text text text int text text text text text text text text text text text text text int text text text text text text int'.split(
        ' ',
      );
    await client.query('BEGIN');
    // The big tables' secondary indexes are built once after the load: much faster than row by row.
    const rebuild = await withoutIndexes(client, schema, ['files_fts', 'term_impacts']);
    await copy(
      `INSERT INTO files (${FILE_COLUMNS}) ${unnest(fileTypes)}`,
      source.prepare(`SELECT ${FILE_COLUMNS} FROM files ORDER BY seq`).raw().iterate() as Iterable<unknown[]>,
      fileTypes,
      5000,
    );
    await client.query(`SELECT setval(pg_get_serial_sequence('files', 'seq'), (SELECT max(seq) FROM files))`);
    await copy(
      `INSERT INTO file_tags (tag, file_seq) ${unnest(['text', 'int'])}`,
      source.prepare('SELECT tag, file_seq FROM file_tags').raw().iterate() as Iterable<unknown[]>,
      ['text', 'int'],
      20000,
    );
    const COMPANY_COLUMNS =
      'file_seq, position, ticker, company_name, rating, rating_normalised, rating_action, target_price, currency';
    const companyTypes = 'int int text text text text text float8 text'.split(' ');
    await copy(
      `INSERT INTO file_companies (${COMPANY_COLUMNS}) ${unnest(companyTypes)}`,
      source.prepare(`SELECT ${COMPANY_COLUMNS} FROM file_companies`).raw().iterate() as Iterable<unknown[]>,
      companyTypes,
      20000,
    );
    await copy(
      `INSERT INTO files_fts (rowid, title, meta, body, tsv)
        SELECT r, t, m, b, v::tsvector FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) AS x(r, t, m, b, v)`,
      (function* () {
        const it = source.prepare('SELECT rowid, title, meta, body FROM files_fts_text').raw().iterate();
        for (const [rowid, title, meta, body] of it as Iterable<[number, string, string, string]>) {
          yield [rowid, title, meta, body, tsvectorLiteral({ title, meta, body })];
        }
      })(),
      ['int', 'text', 'text', 'text', 'text'],
      2000,
    );
    await copy(
      `INSERT INTO term_impacts (term, weight, seq) ${unnest(['text', 'float8', 'int'])}`,
      source.prepare('SELECT term, weight, seq FROM term_impacts').raw().iterate() as Iterable<unknown[]>,
      ['text', 'float8', 'int'],
      50000,
    );
    await copy(
      `INSERT INTO impact_terms (term, docs) ${unnest(['text', 'int'])}`,
      source.prepare('SELECT term, docs FROM impact_terms').raw().iterate() as Iterable<unknown[]>,
      ['text', 'int'],
      50000,
    );
    for (const statement of rebuild) await client.query(statement);
    await client.query('COMMIT');
    await vacuumUntilAllVisible(client, schema, [
      'files',
      'file_tags',
      'file_companies',
      'files_fts',
      'term_impacts',
      'impact_terms',
    ]);
  } finally {
    await client.end();
    source.close();
  }
  writeFileSync(join(dataDir, 'ready'), new Date().toISOString());
  return done;
}

/**
 * Planner statistics and the visibility map, as a library that has been running a while has. A
 * VACUUM marks a page all-visible only when no snapshot older than its rows is open, and the
 * autovacuum's own ANALYZE of the tables just loaded holds one: one pass left 31 % of term_impacts
 * and all of files_fts unmarked, so every index-only scan of the champion lists read the table too
 * (12 ms instead of 4 for a two-word search). Passes repeat until every page is marked.
 */
async function vacuumUntilAllVisible(client: pg.Client, schema: string, tables: string[]): Promise<void> {
  for (let pass = 0; ; pass++) {
    for (const table of tables) await client.query(`VACUUM ANALYZE ${table}`);
    const { rows } = await client.query<{ table: string; pages: number; visible: number }>(
      `SELECT c.relname AS table, c.relpages AS pages, c.relallvisible AS visible FROM pg_class c
        JOIN pg_namespace s ON s.oid = c.relnamespace WHERE s.nspname = $1 AND c.relname = ANY($2)`,
      [schema, tables],
    );
    const unmarked = rows.filter((r) => r.visible < r.pages);
    if (unmarked.length === 0) return;
    if (pass === 20) throw new Error(`pages still not all-visible: ${JSON.stringify(unmarked)}`);
    await new Promise((r) => setTimeout(r, 3000));
  }
}

/** Drops every index of `tables` (keys included) and answers the statements that create them again. */
async function withoutIndexes(client: pg.Client, schema: string, tables: string[]): Promise<string[]> {
  const constraints = await client.query<{ name: string; table: string; def: string }>(
    `SELECT c.conname AS name, t.relname AS table, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
      JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace s ON s.oid = t.relnamespace
      WHERE s.nspname = $1 AND t.relname = ANY($2) AND c.contype IN ('p', 'u')`,
    [schema, tables],
  );
  const indexes = await client.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
      WHERE schemaname = $1 AND tablename = ANY($2) AND indexname <> ALL($3)`,
    [schema, tables, constraints.rows.map((c) => c.name)],
  );
  const recreate: string[] = [];
  for (const c of constraints.rows) {
    await client.query(`ALTER TABLE ${c.table} DROP CONSTRAINT ${c.name}`);
    recreate.push(`ALTER TABLE ${c.table} ADD CONSTRAINT ${c.name} ${c.def}`);
  }
  for (const i of indexes.rows) {
    await client.query(`DROP INDEX ${i.name}`);
    recreate.push(i.def);
  }
  return recreate;
}

/** Bytes the schema's tables and indexes take. */
export async function postgresSchemaBytes(serverUrl: string, schema: string): Promise<number> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>(
      `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS n FROM pg_class c
        JOIN pg_namespace s ON s.oid = c.relnamespace WHERE s.nspname = $1 AND c.relkind IN ('r', 'm')`,
      [schema],
    );
    return Number(r.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
