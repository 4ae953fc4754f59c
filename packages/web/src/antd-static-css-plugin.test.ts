// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { antdStaticCss } from '../vite-plugin-antd-static-css';

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
