import { msg, render } from '../../messages/message.js';
import { escapeHtml } from '../../text/escape-html.js';
import type { UnsubscribeState } from './unsubscribe.js';

/**
 * The unsubscribe link's page, in the account's language, without script (the page's CSP runs
 * none): `ask` shows a button that posts to the same signed URL; `done` says it is off.
 */
export function unsubscribePage(state: UnsubscribeState, step: 'ask' | 'done', action: string): string {
  const say = (key: Parameters<typeof msg>[0]) =>
    escapeHtml(render(msg(key, { email: state.email }), state.language));
  const body =
    step === 'ask' && !state.off
      ? `<p>${say('unsubscribeAsk')}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" style="padding:8px 20px;font-size:16px">${say('unsubscribeButton')}</button></form>`
      : `<p>${say(state.off && step === 'ask' ? 'unsubscribeAlreadyOff' : 'unsubscribeDone')}</p>`;
  return `<!doctype html>
<html lang="${state.language === 'zh' ? 'zh-CN' : 'en'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${say('unsubscribeTitle')}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;line-height:1.6">
<h1 style="font-size:22px">${say('unsubscribeTitle')}</h1>
${body}
</body>
</html>
`;
}
