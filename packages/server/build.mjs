// Compiles the server to JavaScript in dist/ (`npm run build`): a restart then loads plain
// JavaScript instead of compiling TypeScript with tsx (seconds instead of tens of seconds).
//
// One ESM bundle per entry, all side by side in dist/: main.js and every module the server starts
// as a worker thread or child process. Packages stay external (loaded from node_modules as under
// tsx), except @rl/contract, which is TypeScript source. Entries are found in the source, so a new
// one needs no change here:
//   new URL('./name.ts', import.meta.url)       → rewritten to new URL('./name.js', import.meta.url)
//   siblingModule('name', import.meta.url)       → resolves to ./name.js next to the bundle by itself
//   new URL('./data.tsv', import.meta.url)       → a data file, copied beside the bundles
// Assets found through import.meta.url stay right because dist/ is, like src/, one level below
// the package (config.ts: ../../web/dist), and packages resolve from the same folder.
import { build } from 'esbuild';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const src = join(here, 'src');
const outdir = resolve(here, process.argv[2] ?? 'dist');

const NEW_URL_TS = /new URL\(\s*(['"`])(\.{1,2}\/[^'"`$]+?)\.ts\1\s*,\s*import\.meta\.url\s*\)/g;
const DATA_URL = /new URL\(\s*(['"`])\.\/([\w.-]+\.(?:tsv|txt|json))\1\s*,\s*import\.meta\.url\s*\)/g;
const SIBLING = /siblingModule\(\s*(['"`])([\w.-]+)\1\s*,\s*import\.meta\.url\s*\)/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(e.name) && !/\.(test|tmp)\.ts$/.test(e.name) ? [path] : [];
  });
}

/** Entry name (dist/<name>.js) → source file: main.ts and every spawned module. */
function entries() {
  const found = { main: join(src, 'main.ts') };
  const add = (name, file, from) => {
    if (!existsSync(file))
      throw new Error(`${relative(here, from)} starts ${relative(here, file)}, which does not exist`);
    if (found[name] && found[name] !== file) {
      throw new Error(`two spawned modules are named ${name} (${found[name]}, ${file}): dist/ is flat`);
    }
    found[name] = file;
  };
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(NEW_URL_TS))
      add(basename(m[2]), resolve(dirname(file), `${m[2]}.ts`), file);
    for (const m of text.matchAll(SIBLING)) add(m[2], join(dirname(file), `${m[2]}.ts`), file);
  }
  return found;
}

/** Data files (dist/<name> → source file) read through new URL('./<name>', import.meta.url). */
function dataFiles() {
  const found = {};
  for (const file of sourceFiles(src)) {
    for (const m of readFileSync(file, 'utf8').matchAll(DATA_URL)) {
      const path = join(dirname(file), m[2]);
      if (found[m[2]] && found[m[2]] !== path)
        throw new Error(`two data files are named ${m[2]}: dist/ is flat`);
      found[m[2]] = path;
    }
  }
  return found;
}

/** Bare imports stay imports of node_modules, except the contract's TypeScript source. */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@rl/contract' || args.path.startsWith('@rl/contract/')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** In the flat dist/, a spawned module is ./<name>.js from every bundle. */
const spawnedUrls = {
  name: 'spawned-urls',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      const contents = text.replace(
        NEW_URL_TS,
        (_all, _q, path) => `new URL('./${basename(path)}.js', import.meta.url)`,
      );
      return { contents, loader: 'ts' };
    });
  },
};

const started = performance.now();
const result = await build({
  entryPoints: entries(),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // A dynamic import() stays one: what a restart does not need (the demo generator, the S3 SDK)
  // goes into chunks loaded at first use, and code shared by the entries into common chunks.
  splitting: true,
  target: 'node20',
  sourcemap: 'linked',
  write: false,
  logLevel: 'warning',
  plugins: [externals, spawnedUrls],
});

// Written beside and renamed over the old files: a running server that starts a worker meanwhile
// reads a whole file, old or new. Files of an older build that no longer exist are removed.
mkdirSync(outdir, { recursive: true });
const written = new Set();
for (const file of result.outputFiles) {
  const tmp = `${file.path}.${process.pid}.tmp`;
  writeFileSync(tmp, file.contents);
  renameSync(tmp, file.path);
  written.add(basename(file.path));
}
for (const [name, path] of Object.entries(dataFiles())) {
  const tmp = join(outdir, `${name}.${process.pid}.tmp`);
  copyFileSync(path, tmp);
  renameSync(tmp, join(outdir, name));
  written.add(name);
}
for (const name of readdirSync(outdir))
  if (!written.has(name)) rmSync(join(outdir, name), { recursive: true, force: true });

const names = [...written].filter((n) => n.endsWith('.js')).sort();
console.log(
  `server built into ${relative(process.cwd(), outdir) || '.'} in ${Math.round(performance.now() - started)} ms: ${names.join(', ')}`,
);
