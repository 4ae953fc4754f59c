// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseAst, type Plugin, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { antdStaticCss } from '../vite-plugin-antd-static-css';
import { preloadAtStart } from '../vite-plugin-preload-at-start';

type Handler = (this: unknown, ...args: unknown[]) => unknown;
const handlerOf = (hook: unknown) =>
  (typeof hook === 'function' ? hook : (hook as { handler: Handler }).handler) as Handler;

describe("antd's static styles in builds", () => {
  const transform = handlerOf(antdStaticCss().transform);
  const buttonStyle = createRequire(import.meta.url).resolve('antd/es/button/style/index.js');

  it("replaces a style hook's style function, keeps its tokens, and imports its stylesheet", () => {
    const code = readFileSync(buttonStyle, 'utf8');
    const result = transform.call({ parse: parseAst }, code, buttonStyle) as { code: string };
    expect(code).toMatch(/genStyleHooks\('Button', token => \{/);
    expect(result.code).toMatch(/genStyleHooks\('Button', \(\) => \[\], prepareComponentToken/);
    expect(result.code).toContain('import "/@antd-static/Button-Button.css";');
    expect(() => parseAst(result.code)).not.toThrow();
  });

  it('leaves a module without style hooks alone', () => {
    expect(transform.call({ parse: parseAst }, 'export const x = 1;', buttonStyle)).toBeNull();
  });
});

describe('modules preloaded at start', () => {
  const chunk = (fileName: string, imports: string[], more: Partial<Rollup.OutputChunk> = {}) =>
    ({
      type: 'chunk',
      fileName,
      imports,
      isEntry: false,
      isDynamicEntry: false,
      ...more,
    }) as Rollup.OutputChunk;
  const bundle = Object.fromEntries(
    [
      chunk('assets/index.js', ['assets/react.js'], { isEntry: true, facadeModuleId: '/app/src/main.tsx' }),
      chunk('assets/react.js', []),
      chunk('assets/zod.js', ['assets/core.js'], {
        isDynamicEntry: true,
        facadeModuleId: '/app/node_modules/zod/index.js',
      }),
      chunk('assets/contract.js', ['assets/core.js', 'assets/react.js'], {
        isDynamicEntry: true,
        facadeModuleId: '/app/contract/index.ts',
      }),
      chunk('assets/core.js', []),
      chunk('assets/viewer.js', ['assets/react.js'], {
        isDynamicEntry: true,
        facadeModuleId: '/app/src/viewer.tsx',
      }),
    ].map((output) => [output.fileName, output]),
  );
  const tagsFor = (pattern: RegExp, errors: string[] = []) => {
    const plugin = preloadAtStart(pattern) as Plugin & { configResolved: Handler };
    plugin.configResolved({ base: '/' });
    const handler = handlerOf(plugin.transformIndexHtml);
    return handler.call({ error: (message: string) => errors.push(message) }, '', { bundle }) as {
      attrs: { rel: string; href: string };
    }[];
  };

  it('links the matching chunks and theirs, but none the entry loads already', () => {
    const tags = tagsFor(/node_modules[\\/]zod[\\/]|contract[\\/]index\.ts$/);
    expect(tags.map((tag) => tag.attrs.href).sort()).toEqual([
      '/assets/contract.js',
      '/assets/core.js',
      '/assets/zod.js',
    ]);
    expect(new Set(tags.map((tag) => tag.attrs.rel))).toEqual(new Set(['modulepreload']));
  });

  it('fails the build when nothing matches: a renamed module would silently lose its preload', () => {
    const errors: string[] = [];
    tagsFor(/no-such-module/, errors);
    expect(errors).toEqual(['no lazily imported chunk matches /no-such-module/']);
  });
});
