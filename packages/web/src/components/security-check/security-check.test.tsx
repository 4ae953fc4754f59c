import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { act, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '../../app-providers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLocale, loadLocale } from '../../locale/i18n';
import { renderWithApp } from '../../test/render';
import { SecurityCheck } from './security-check';
import {
  allowSecurityCheck,
  findWidget,
  passSecurityCheck,
  TEST_SOLUTION,
} from './security-check-test-utils';

function Harness() {
  const [form] = Form.useForm<{ altcha: string }>();
  const value = Form.useWatch('altcha', form);
  return (
    <Form form={form} initialValues={{ altcha: '' }}>
      <Form.Item name="altcha">
        <SecurityCheck />
      </Form.Item>
      <output data-testid="value">{value}</output>
      <Button onClick={() => form.setFieldValue('altcha', '')}>spend</Button>
    </Form>
  );
}

const value = () => screen.getByTestId('value').textContent;

describe('security check', () => {
  beforeEach(allowSecurityCheck);
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(async () => applyLocale('en-US'));
  });

  it('loads the widget with the challenge URL and the texts of the interface language', async () => {
    renderWithApp(<Harness />);
    expect(screen.getByText('Loading the security check...')).toBeTruthy();
    const widget = await findWidget();
    expect(widget.getConfiguration().challenge).toBe('/api/pub/recapcha');
    expect(widget.getConfiguration().language).toBe('en-us');
    expect(widget.getConfiguration().hideFooter).toBe(true);
    expect(await screen.findByLabelText("I'm not a robot")).toBeTruthy();

    await loadLocale('zh-CN');
    await act(async () => applyLocale('zh-CN'));
    expect(await screen.findByLabelText('我不是机器人')).toBeTruthy();
    expect(widget.getConfiguration().language).toBe('zh-cn');
  });

  it('appears when the page is first rendered as a transition, as the app renders its first screen', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      await act(async () =>
        startTransition(() =>
          root.render(
            <AppProviders>
              <Harness />
            </AppProviders>,
          ),
        ),
      );
      expect(await findWidget()).toBeTruthy();
      expect(await screen.findByLabelText("I'm not a robot")).toBeTruthy();
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it('takes the solution as its value and starts over once the form empties it', async () => {
    renderWithApp(<Harness />);
    expect(value()).toBe('');
    await passSecurityCheck();
    expect(value()).toBe(TEST_SOLUTION);

    fireEvent.click(screen.getByText('spend'));
    const widget = await findWidget();
    await waitFor(() => expect(widget.getState()).toBe('unverified'));
    expect((screen.getByLabelText("I'm not a robot") as HTMLInputElement).checked).toBe(false);
    expect(value()).toBe('');

    await passSecurityCheck();
    expect(value()).toBe(TEST_SOLUTION);
  });

  it('empties the value when the solution expires', async () => {
    renderWithApp(<Harness />);
    await passSecurityCheck();
    const widget = await findWidget();
    act(() => widget.setState('expired' as Parameters<typeof widget.setState>[0]));
    await waitFor(() => expect(value()).toBe(''));
  });
});
