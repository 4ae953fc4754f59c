import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the installed pdfjs-dist keeps what pdf.js loads at run time. */
const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/** pdf.js reads these with `fs` in Node, so plain paths are right; it insists on the trailing slash. */
export const cMapDir = join(root, 'cmaps') + '/';
export const standardFontDir = join(root, 'standard_fonts') + '/';

/** The legacy (Node-compatible) build: the API module and the parser it runs as a "fake worker". */
export const pdfjsModuleUrls = [
  pathToFileURL(join(root, 'legacy', 'build', 'pdf.mjs')).href,
  pathToFileURL(join(root, 'legacy', 'build', 'pdf.worker.mjs')).href,
] as const;
