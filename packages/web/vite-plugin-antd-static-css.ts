import MagicString from 'magic-string';
import type { Plugin, Rollup } from 'vite';

/** A module of antd's ES build (the one the app's bundle takes). */
const ANTD_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/].+\.js$/;
/** The module that defines antd's style hooks: the styles every component shares go with it. */
const STYLE_UTILS = /[\\/]antd[\\/]es[\\/]theme[\\/]util[\\/]genStyleUtils\.js$/;
/** A style hook's definition: `genStyleHooks('Button', …)`, `genSubStyleComponent(['Tag', 'preset'], …)`. */
const STYLE_HOOK = /\bgen(?:StyleHooks|ComponentStyleHook|SubStyleComponent)\(\s*(\[[^\]]*\]|'[^']*')/g;
const PREFIX = '/@antd-static/';
const HOOK_MAKERS = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** Every call of a style hook maker in a module's syntax tree. */
function hookCalls(node: unknown, found: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const item of node) hookCalls(item, found);
  } else if (node && typeof node === 'object' && typeof (node as Node).type === 'string') {
    const current = node as Node;
    const callee = current.callee as Node | undefined;
    if (
      current.type === 'CallExpression' &&
      callee?.type === 'Identifier' &&
      HOOK_MAKERS.has(callee.name as string)
    ) {
      found.push(current);
    }
    for (const value of Object.values(current))
      if (value && typeof value === 'object') hookCalls(value, found);
  }
  return found;
}

/**
 * The module with each hook's style function (its second argument) replaced by one that writes
 * nothing. With zeroRuntime antd never calls it; replaced, the functions that build the rules
 * (about a fifth of the first screen's JavaScript) are left out of the bundle.
 */
function withoutStyleFunctions(code: string, ast: Rollup.ProgramNode): MagicString {
  const edited = new MagicString(code);
  for (const call of hookCalls(ast)) {
    const styleFunction = (call.arguments as Node[])[1];
    if (styleFunction) edited.overwrite(styleFunction.start, styleFunction.end, '() => []');
  }
  return edited;
}

const pathOf = (id: string) => id.slice(PREFIX.length, -'.css'.length);

/** antd's style path of a hook: a name `X` registers as `X-X`, a pair `['X', 'Y']` as `X-Y`. */
function stylePath(argument: string): string {
  const names = [...argument.matchAll(/'([^']*)'/g)].map((match) => match[1]);
  return (names.length === 1 ? [names[0], names[0]] : names).join('-');
}

/**
 * antd without its run-time style engine: every antd module that defines a component's style hook
 * also imports that component's CSS, generated at build time (build/antd-static-styles.ts), so
 * Vite puts each component's rules in the stylesheet of the chunk that uses the component (the
 * first screen's in the entry's, the viewer's with the viewer). The app turns antd's `zeroRuntime`
 * on in builds (app-providers.tsx); antd then still writes the theme's CSS variables, which these
 * rules read. Builds only: the dev server pre-bundles antd, so it keeps the run-time styles.
 */
export function antdStaticCss(): Plugin {
  let styles: Map<string, string> | undefined;
  /** Virtual stylesheets of style paths the generator did not register. */
  const missing = new Set<string>();
  return {
    name: 'rl-antd-static-css',
    apply: 'build',
    transform(code, id) {
      if (!ANTD_MODULE.test(id)) return null;
      const paths = [...code.matchAll(STYLE_HOOK)].map((match) => stylePath(match[1] ?? ''));
      if (STYLE_UTILS.test(id)) paths.push('Shared');
      if (paths.length === 0) return null;
      const imports = paths.map((path) => `import ${JSON.stringify(`${PREFIX}${path}.css`)};`);
      const edited = withoutStyleFunctions(code, this.parse(code)).append(`\n${imports.join('\n')}\n`);
      return { code: edited.toString(), map: edited.generateMap({ hires: 'boundary', source: id }) };
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? id : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      if (!styles) {
        const { antdStaticStyles } = await import('./build/antd-static-styles');
        styles = antdStaticStyles();
      }
      const css = styles.get(pathOf(id));
      // antd's index brings every component's modules in before tree-shaking drops the unused
      // ones; a component the bundle keeps is checked in generateBundle.
      if (css === undefined) missing.add(id);
      return css ?? '';
    },
    generateBundle() {
      // zeroRuntime is on regardless: without these stylesheets the app would ship unstyled.
      if (!styles) this.error("no antd style hooks found in antd's modules; the app would be unstyled");
      const kept = [...missing].filter((id) =>
        (this.getModuleInfo(id)?.importers ?? []).some(
          (importer) => this.getModuleInfo(importer)?.isIncluded,
        ),
      );
      if (kept.length === 0) return;
      const names = kept.map(pathOf).join(', ');
      this.error(`antd styles in the bundle that build/antd-static-styles.ts does not render: ${names}`);
    },
  };
}
