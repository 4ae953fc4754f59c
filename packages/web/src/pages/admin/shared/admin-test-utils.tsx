/**
 * Test helpers of the console (tests only): `renderAdmin(ui, path)` renders a page inside the
 * app's providers, the console's <App> and the data cache, at `path` in a memory router (search
 * params work); `loginAdmin()` stores an admin session; `resetAdmin()` clears the cache and session
 * (call it in afterEach). Stub the HTTP calls with test/fetch-recorder.
 */
import type { AdminUser } from '@rl/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { loadContract } from '../../../api/contract';
import { QueryScope } from '../../../api/query-scope';
import { queryClient } from '../../../api/query-client';
import { registerConsoleMessages } from '../../../locale/register-console-messages';
import { useAdminSessionStore } from '../../../stores/admin-session-store';
import { renderRoutes } from '../../../test/render';

// The console registers its messages when its chunk loads; tests render its pages directly.
registerConsoleMessages();

export const TEST_ADMIN = { id: 'u_admin', username: 'root', email: 'root@example.com', role: ['admin'] };

/** Loads the contract's schemas once before the tests (the first answer's check would wait for them). */
export function loadSchemas(): Promise<unknown> {
  return loadContract();
}

export function loginAdmin(expiresTime = new Date(Date.now() + 3_600_000).toISOString()): void {
  useAdminSessionStore.getState().setSession('admin-token', TEST_ADMIN, expiresTime);
}

export function resetAdmin(): void {
  queryClient.clear();
  useAdminSessionStore.getState().clearSession();
}

/** Renders `ui` at `path` (any path matches); returns the router to inspect the location. */
export function renderAdmin(ui: ReactNode, path = '/admin') {
  return renderRoutes(
    [
      {
        path: '*',
        element: (
          <App>
            <QueryScope>{ui}</QueryScope>
          </App>
        ),
      },
    ],
    path,
  );
}

let counter = 0;

/** A user as `/api/manage/user/list` answers them. */
export function buildAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  counter += 1;
  return {
    id: `u_user${counter}`,
    username: `user${counter}`,
    email: `user${counter}@example.com`,
    phone: null,
    phone_country_code: null,
    status: 'active',
    role: ['user'],
    user_level: 'trial',
    user_level_expire_time: null,
    plan: 'trial',
    created_time: '2025-03-01T08:00:00Z',
    updated_time: '2025-03-01T08:00:00Z',
    last_login_time: '2025-03-10T09:30:00Z',
    deleted: false,
    ...overrides,
  };
}

/** A paged answer: `total_items`, `page_id` and `page_length` around the rows under `key`. */
export function paged<K extends string, T>(key: K, rows: T[], total = rows.length, page = 1, length = 20) {
  return { [key]: rows, total_items: total, page_id: page, page_length: length } as Record<K, T[]> & {
    total_items: number;
    page_id: number;
    page_length: number;
  };
}

/** Clicks and lets promises and timers of the click settle. */
export async function press(element: Element): Promise<void> {
  await act(async () => {
    fireEvent.click(element);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

/** Opens an antd Select (by its test id) and picks the option with this label. */
export async function pickOption(selectTestId: string, label: string): Promise<void> {
  const select = screen.getByTestId(selectTestId);
  const trigger = select.querySelector('input') ?? select;
  await act(async () => {
    fireEvent.mouseDown(trigger);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const options = await screen.findAllByTitle(label);
  const option =
    options.find((element) => element.classList.contains('ant-select-item-option')) ?? options[0];
  await press(option!);
}

/** The open confirmation dialog (confirmAction). */
export async function confirmDialog(): Promise<HTMLElement> {
  const dialogs = await screen.findAllByRole('dialog');
  return dialogs[dialogs.length - 1]!;
}

/** Presses a button of the open dialog by its text (the newest dialog that has one). */
export async function pressInDialog(text: string | RegExp): Promise<void> {
  const buttons = (await screen.findAllByRole('dialog')).flatMap((dialog) =>
    within(dialog).queryAllByRole('button', { name: text }),
  );
  if (buttons.length === 0) {
    const open = screen.queryAllByRole('dialog').map((dialog) => dialog.textContent);
    throw new Error(`No dialog button named ${String(text)} in ${JSON.stringify(open)}`);
  }
  await press(buttons[buttons.length - 1]!);
}
