import { fireEvent, screen } from '@testing-library/react';
import { act } from 'react';

/** Types into the field labelled `label`. */
export function type(label: string | RegExp, value: string): void {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Clicks and lets the form's asynchronous validation finish. */
export async function click(element: HTMLElement): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}
