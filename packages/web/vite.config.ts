import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { antdStaticCss } from './vite-plugin-antd-static-css';
import { formContextOnly } from './vite-plugin-form-context';
import { pdfjsAssets } from './vite-plugin-pdfjs-assets';
import { precompress } from './vite-plugin-precompress';

/** Port of a locally running server that the dev server proxies `/api` to. */
const apiTarget = process.env.RL_API_URL ?? 'http://127.0.0.1:3000';

// antd's rc-component packages declare no `sideEffects`; their modules have none, so unused ones can go.
const treeshake = { moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id) };

/** The browser's build: the app, its stylesheets, pdf.js's assets, each file pre-compressed. */
const appBuild = {
  manifest: true,
  // Source maps beside the bundles (fetched only by developer tools): errors in the field can be
  // read, and Lighthouse's best practices ask for them on large scripts.
  sourcemap: true,
  target: 'es2022',
  chunkSizeWarningLimit: 1600,
  rollupOptions: {
    treeshake,
    output: {
      // Merge tiny shared chunks: fewer requests and better compression.
      experimentalMinChunkSize: 20_000,
      // React and the router change rarely: their own chunk stays cached across releases.
      manualChunks(id: string) {
        if (/node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
      },
    },
  },
};

/**
 * `vite build --ssr src/first-paint/render-first-paint.tsx`: the search page's first paint, which
 * the server renders, built for Node into dist/ssr/ (the server does not serve it) with every
 * dependency included. Packages resolve to their ES modules as in the browser's build (Node's
 * condition would take CommonJS builds, which keep every antd icon).
 */
const firstPaintBuild = {
  outDir: 'dist/ssr',
  emptyOutDir: false,
  copyPublicDir: false,
  target: 'node20',
  chunkSizeWarningLimit: 4000,
  rollupOptions: { treeshake },
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react(), formContextOnly()]
    : [react(), antdStaticCss(), formContextOnly(), pdfjsAssets(), precompress()],
  resolve: {
    alias: [
      // The contract's constants without its zod schemas, so the first screen does not load zod.
      {
        find: /^@rl\/contract\/constants$/,
        replacement: fileURLToPath(new URL('../contract/src/constants.ts', import.meta.url)),
      },
    ],
  },
  ...(isSsrBuild && {
    ssr: { noExternal: true, resolve: { conditions: ['module', 'production'] } },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  }),
  build: isSsrBuild ? firstPaintBuild : appBuild,
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
  },
}));
