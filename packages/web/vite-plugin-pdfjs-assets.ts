import { cpSync, createReadStream, existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/** The pdf.js data folders the viewer needs at run time (Chinese CMaps, the 14 standard fonts, decoders). */
const ASSET_FOLDERS = ['cmaps', 'standard_fonts', 'wasm', 'iccs'] as const;

/** URL prefix under which the folders are served; the viewer builds its URLs from it. */
export const PDFJS_ASSETS_PREFIX = '/pdfjs/';

const MIME_BY_EXTENSION: Record<string, string> = {
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.icc': 'application/vnd.iccprofile',
};

function pdfjsRoot(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('pdfjs-dist/package.json'));
}

/**
 * Serves pdf.js CMaps, standard fonts, wasm decoders and ICC profiles under `/pdfjs/` in development
 * and copies them into the build output, so Chinese PDFs render without any network access.
 */
export function pdfjsAssets(): Plugin {
  const root = pdfjsRoot();
  let config: ResolvedConfig;
  return {
    name: 'rl-pdfjs-assets',
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      server.middlewares.use(PDFJS_ASSETS_PREFIX, (req, res, next) => {
        const relative = decodeURIComponent((req.url ?? '').split('?')[0] ?? '').replace(/^\/+/, '');
        const [folder] = relative.split('/');
        const file = path.join(root, relative);
        const inside = ASSET_FOLDERS.some((f) => f === folder) && file.startsWith(root + path.sep);
        if (!inside || !existsSync(file) || !statSync(file).isFile()) return next();
        res.setHeader('Content-Type', MIME_BY_EXTENSION[path.extname(file)] ?? 'application/octet-stream');
        createReadStream(file).pipe(res);
      });
    },
    writeBundle() {
      const target = path.join(path.resolve(config.root, config.build.outDir), PDFJS_ASSETS_PREFIX);
      for (const folder of ASSET_FOLDERS) {
        cpSync(path.join(root, folder), path.join(target, folder), { recursive: true });
      }
    },
  };
}
