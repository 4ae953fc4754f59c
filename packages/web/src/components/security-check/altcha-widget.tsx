import 'altcha';
import type { AltchaWidgetElement } from 'altcha';
import type {} from 'altcha/types/react';
import { theme } from 'antd';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, type CSSProperties } from 'react';
import type { WidgetStrings } from './widget-strings';

export interface AltchaWidgetProps {
  /** Where the widget fetches its challenge (GET). */
  challengeUrl: string;
  /** The code `strings` are registered under. */
  language: string;
  strings: WidgetStrings;
  /** The solution payload, or empty; set it empty to start over. */
  value: string;
  onChange(value: string): void;
}

/** No link to altcha.org under the box: the check is self-hosted and the form needs no footer. */
const CONFIGURATION = JSON.stringify({ hideFooter: true });

interface StateChange {
  state: string;
  payload: string | null;
}

/**
 * The ALTCHA web component (its own module, loaded only by the forms that use it). The widget
 * fetches the challenge, solves it in Web Workers and reports each state change; the payload of
 * the `verified` state is the value, any other state empties it.
 */
export function AltchaWidget({ challengeUrl, language, strings, value, onChange }: AltchaWidgetProps) {
  const ref = useRef<AltchaWidgetElement>(null);
  /** The payload last handed to the form. */
  const emitted = useRef('');
  const { token } = theme.useToken();
  const emit = useEffectEvent((next: string) => {
    if (next === emitted.current) return;
    emitted.current = next;
    onChange(next);
  });

  // The widget reads its texts from the global registry, which it watches.
  useLayoutEffect(() => {
    globalThis.$altcha.i18n.set(language, strings);
  }, [language, strings]);

  useEffect(() => {
    const widget = ref.current;
    if (!widget) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      emit(state === 'verified' && payload ? payload : '');
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, []);

  // The form emptied the value (a solution counts once): the user solves a new challenge.
  useEffect(() => {
    if (value || !emitted.current) return;
    emitted.current = '';
    ref.current?.reset?.();
  }, [value]);

  const style = {
    '--altcha-color-primary': token.colorPrimary,
    '--altcha-color-success': token.colorSuccess,
    '--altcha-color-error': token.colorError,
    '--altcha-color-base': token.colorBgContainer,
    '--altcha-color-base-content': token.colorText,
    '--altcha-color-neutral': token.colorBorder,
    '--altcha-color-neutral-content': token.colorTextSecondary,
    '--altcha-border-radius': `${token.borderRadius}px`,
    '--altcha-checkbox-border-color': token.colorBorder,
  } as CSSProperties;

  return (
    <altcha-widget
      ref={ref}
      challenge={challengeUrl}
      language={language}
      configuration={CONFIGURATION}
      style={style}
      data-testid="altcha-widget"
    />
  );
}
