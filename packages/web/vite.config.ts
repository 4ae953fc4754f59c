import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { antdStaticCss } from './vite-plugin-antd-static-css';
import { formContextOnly } from './vite-plugin-form-context';
import { pdfjsAssets } from './vite-plugin-pdfjs-assets';
import { precompress } from './vite-plugin-precompress';

/** Port of a locally running server that the dev server proxies `/api` to. */
const apiTarget = process.env.RL_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), antdStaticCss(), formContextOnly(), pdfjsAssets(), precompress()],
  resolve: {
    alias: [
      // The contract's constants without its zod schemas, so the first screen does not load zod.
      {
        find: /^@rl\/contract\/constants$/,
        replacement: fileURLToPath(new URL('../contract/src/constants.ts', import.meta.url)),
      },
    ],
  },
  build: {
    manifest: true,
    // Source maps beside the bundles (fetched only by developer tools): errors in the field can be
    // read, and Lighthouse's best practices ask for them on large scripts.
    sourcemap: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1600,
    rollupOptions: {
      // antd's rc-component packages declare no `sideEffects`; their modules have none, so unused ones can go.
      treeshake: { moduleSideEffects: (id) => !/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id) },
      output: {
        // Merge tiny shared chunks: fewer requests and better compression.
        experimentalMinChunkSize: 20_000,
        // React and the router change rarely: their own chunk stays cached across releases.
        manualChunks(id) {
          if (/node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
        },
      },
    },
  },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: false } } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
  },
});
