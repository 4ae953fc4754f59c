import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AltchaWidgetElement } from 'altcha';
import { vi } from 'vitest';

/**
 * Test helpers for forms with the security check. They drive the real ALTCHA widget through its
 * public API: its own test mode skips the challenge and the Web Workers jsdom lacks.
 */

/** The solution the widget's test mode produces. */
export const TEST_SOLUTION = btoa(JSON.stringify({ challenge: null, solution: null, test: true }));

/** The widget refuses to work outside a secure context (https or localhost); jsdom is none. Call before rendering. */
export function allowSecurityCheck(): void {
  vi.stubGlobal('isSecureContext', true);
}

/** The widget once it is loaded and mounted. */
export async function findWidget(): Promise<AltchaWidgetElement> {
  return waitFor(() => {
    const widget = document.querySelector('altcha-widget');
    if (!widget?.getState) throw new Error('the security check is not loaded yet');
    return widget;
  });
}

/** Ticks the "I'm not a robot" box as a user would; resolves once the widget reports success. */
export async function passSecurityCheck(label: string | RegExp = "I'm not a robot"): Promise<void> {
  const widget = await findWidget();
  await act(async () => widget.configure({ test: true, minDuration: 0 }));
  await act(async () => {
    fireEvent.click(screen.getByLabelText(label));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await waitFor(() => {
    if (widget.getState() !== 'verified') throw new Error(`the check is ${widget.getState()}`);
  });
  // The widget reports its state after a tick; let the form take it.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}
