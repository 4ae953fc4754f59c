import type { TFunction } from 'i18next';

/** The texts the ALTCHA widget shows, by its own names (`$altcha.i18n`). */
export const WIDGET_TEXTS = {
  ariaLinkLabel: 'publicForms.widget.ariaLinkLabel',
  cancel: 'publicForms.widget.cancel',
  enterCode: 'publicForms.widget.enterCode',
  enterCodeAria: 'publicForms.widget.enterCodeAria',
  enterCodeFromImage: 'publicForms.widget.enterCodeFromImage',
  error: 'publicForms.widget.error',
  expired: 'publicForms.widget.expired',
  footer: 'publicForms.widget.footer',
  getAudioChallenge: 'publicForms.widget.getAudioChallenge',
  label: 'publicForms.widget.label',
  loading: 'publicForms.widget.loading',
  reload: 'publicForms.widget.reload',
  verify: 'publicForms.widget.verify',
  verificationRequired: 'publicForms.widget.verificationRequired',
  verified: 'publicForms.widget.verified',
  verifying: 'publicForms.widget.verifying',
  waitAlert: 'publicForms.widget.waitAlert',
} as const;

export type WidgetStrings = Record<keyof typeof WIDGET_TEXTS, string>;

/** The widget's texts from the app's message files, in the language of `t`. */
export function widgetStrings(t: TFunction): WidgetStrings {
  const entries = Object.entries(WIDGET_TEXTS).map(([name, key]) => [name, t(key)]);
  return Object.fromEntries(entries) as WidgetStrings;
}

/**
 * The code the widget's texts are registered under for an interface locale ('en-US' → 'en-us'):
 * the widget looks languages up in lower case, and our own codes never clash with its built-in ones.
 */
export function widgetLanguage(locale: string): string {
  return locale.toLowerCase();
}
