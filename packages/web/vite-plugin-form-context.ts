import type { Plugin } from 'vite';

/**
 * antd's form context module (imported by every antd input, so by the first screen) takes only
 * `FormProvider` from the form engine's index. Through that index the whole engine would join the
 * first screen's chunk as soon as any lazy page uses a Form; this points that one import at the
 * module that defines `FormProvider`, so the engine stays with the pages that use it.
 */
export function formContextOnly(): Plugin {
  return {
    name: 'rl-form-context-only',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer) return null;
      if (!/antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
      return this.resolve('@rc-component/form/es/FormContext.js', importer, { skipSelf: true });
    },
  };
}
