/**
 * Keeps the web's API layout (docs/architecture.md, "The web trusts only typed answers"): only
 * the modules in src/api/ send requests, and every TanStack Query key comes from a key factory
 * beside its area's API module. Reads the sources with node:fs; no bundler, no glob.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const THIS_FILE = 'api/api-layout.test.ts';

/** What sends a request, by the module that exports it: pages and components call api/ modules instead. */
const SENDERS: Record<string, readonly string[]> = {
  'http-client': [
    'postApi',
    'getApi',
    'callApi',
    'sendRequest',
    'settleAnswer',
    'failAnswer',
    'failCall',
    'requestHeaders',
    'networkError',
  ],
  'admin-client': ['adminPost', 'adminGet', 'callAdmin', 'adminUploadHeaders'],
};

interface Source {
  /** Relative to src/, with `/` separators. */
  path: string;
  text: string;
}

function readSources(dir: string, found: Source[] = []): Source[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) readSources(full, found);
    else if (/\.tsx?$/.test(entry.name))
      found.push({ path: relative(SRC, full).split(sep).join('/'), text: readFileSync(full, 'utf8') });
  }
  return found;
}

const isInApi = (path: string) => path.startsWith('api/');
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/** The sender names a file imports (or re-exports), `* as` counting as all of them. */
function importedSenders(text: string): string[] {
  const found: string[] = [];
  const statement = /(?:import|export)\s+(type\s+)?([^;]*?)\s+from\s+['"]([^'"]+)['"]/g;
  for (const [, typeOnly, clause = '', from = ''] of text.matchAll(statement)) {
    const module = Object.keys(SENDERS).find((name) => from === name || from.endsWith(`/${name}`));
    if (!module || typeOnly) continue;
    const senders = SENDERS[module] ?? [];
    if (/\*\s+as\s/.test(clause)) {
      found.push(`* from ${module}`);
      continue;
    }
    const names = (/\{([^}]*)\}/.exec(clause)?.[1] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part && !part.startsWith('type '))
      .map((part) => part.split(/\s+as\s+/)[0]?.trim() ?? '');
    found.push(...names.filter((name) => senders.includes(name)));
  }
  return found;
}

/** The code without comments, roughly: enough that a comment naming `fetch(` is not a call. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** Requests sent by hand (fetch, XMLHttpRequest) rather than through an api/ module. */
function handMadeRequests(text: string): string[] {
  return [...withoutComments(text).matchAll(/(?<![\w$.])fetch\(|\bnew\s+XMLHttpRequest\b/g)].map((m) => m[0]);
}

/** Query keys written as literal arrays instead of taken from a key factory. */
function literalKeys(text: string): string[] {
  const patterns = [
    /\b(?:queryKey|mutationKey)\s*:\s*\[/g,
    /\b(?:get|set)Quer(?:y|ies)(?:Data|State)\s*(?:<[^>]*>)?\(\s*\[/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[0]));
}

const sources = readSources(SRC);

describe('the API layout', () => {
  it('reads the whole app', () => {
    const paths = sources.map((source) => source.path);
    expect(paths).toContain('api/http-client.ts');
    expect(paths).toContain('api/admin/files-api.ts');
    expect(paths).toContain('pages/admin/files/files-page.tsx');
    expect(paths.length).toBeGreaterThan(300);
  });

  it('sees what it forbids', () => {
    const chat = `import {\n  failAnswer,\n  type CallOptions,\n  postApi as send,\n} from '../../api/http-client';`;
    expect(importedSenders(chat)).toEqual(['failAnswer', 'postApi']);
    expect(importedSenders(`import { adminGet } from '../admin-client';`)).toEqual(['adminGet']);
    expect(importedSenders(`import * as http from './http-client';`)).toEqual(['* from http-client']);
    expect(importedSenders(`import { applyErrorCatalogue } from '../../api/http-client';`)).toEqual([]);
    expect(importedSenders(`import type { SchemaPick } from './http-client';`)).toEqual([]);
    const byHand = `const res = await fetch(url);\nconst xhr = new XMLHttpRequest();`;
    expect(handMadeRequests(byHand)).toEqual(['fetch(', 'new XMLHttpRequest']);
    expect(handMadeRequests(`// fetch(url) in a comment\nclient.fetchQuery({}); refetch();`)).toEqual([]);
    expect(literalKeys(`useQuery({ queryKey: ['health'] })`)).toHaveLength(1);
    expect(literalKeys(`client.invalidateQueries({ queryKey: [...MY_FILES_KEY, page] })`)).toHaveLength(1);
    expect(literalKeys(`client.setQueryData<T>(['a', id], next)`)).toHaveLength(1);
    expect(literalKeys(`useQuery({ queryKey: userKeys.health })`)).toEqual([]);
  });

  it('sends requests only from src/api/', () => {
    const offenders = sources
      .filter((source) => !isInApi(source.path))
      .flatMap((source) => [
        ...importedSenders(source.text).map((name) => `${source.path}: imports ${name}`),
        ...(isTest(source.path) ? [] : handMadeRequests(source.text)).map(
          (call) => `${source.path}: ${call}`,
        ),
      ]);
    expect(offenders).toEqual([]);
  });

  it('takes every query key from a key factory', () => {
    const offenders = sources
      .filter((source) => source.path !== THIS_FILE)
      .flatMap((source) => literalKeys(source.text).map((key) => `${source.path}: ${key}`));
    expect(offenders).toEqual([]);
  });
});
