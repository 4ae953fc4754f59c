/**
 * The style nonce the server put into this page (`<meta name="csp-nonce" content>`, the convention
 * the ALTCHA widget reads too): the page's CSP admits <style> elements carrying it, so antd's
 * CSS-in-JS writes its styles with it. Undefined in tests and under the Vite dev server, which send
 * no CSP.
 */
export function cspNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
}

/**
 * Gives the page's nonce to every <style> element our own scripts create. Some components write a
 * style element without asking for a nonce (the table's scrollbar measure); the CSP would refuse
 * it. A script able to call this already runs under `script-src 'self'`, so the nonce still keeps
 * out styles that arrive as injected markup, which is what it is for.
 */
export function nonceScriptedStyles(): void {
  const nonce = cspNonce();
  if (!nonce) return;
  const createElement = document.createElement.bind(document) as (
    tag: string,
    options?: ElementCreationOptions,
  ) => HTMLElement;
  document.createElement = ((tag: string, options?: ElementCreationOptions) => {
    const element = createElement(tag, options);
    if (tag.toLowerCase() === 'style') element.nonce = nonce;
    return element;
  }) as typeof document.createElement;
}
