import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';

/** Clicks and lets antd's effects and the asynchronous handlers run. */
export async function click(element: Element): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Opens the antd Select labelled `label` and picks the option `option`. */
export async function chooseOption(label: string, option: string): Promise<void> {
  const select = screen.getByLabelText(label);
  await act(async () => {
    fireEvent.mouseDown(select);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  // The combobox names its list; the options sit next to it in the same dropdown.
  const dropdown = await waitFor(() => {
    const list = document.getElementById(select.getAttribute('aria-controls') ?? '');
    const open = list?.closest<HTMLElement>('.ant-select-dropdown');
    if (!open) throw new Error(`the options of ${label} are not shown`);
    return open;
  });
  await click(within(dropdown).getByTitle(option));
}

/** Types into an Input.Search labelled `label` and presses Enter. */
export async function search(label: string, value: string): Promise<void> {
  const input = screen.getByLabelText(label);
  await act(async () => {
    fireEvent.change(input, { target: { value } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** The newest dialog (a closed one may linger in the DOM while it fades out). */
export async function latestDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.queryAllByRole('dialog').at(-1);
    if (!dialog) throw new Error('no dialog');
    return dialog;
  });
}
