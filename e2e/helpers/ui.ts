import type { Page } from 'playwright-core';

export const RESULT = '[data-testid="result-item"]';

/** Waits for a settled result list (first page shown, nothing loading). */
export async function waitForResults(page: Page): Promise<void> {
  await waitForApp(page);
  await page.waitForSelector('[data-testid="result-list"][aria-busy="false"]');
  await page.waitForSelector(`${RESULT}, [data-testid="no-results"], [data-testid="search-error"]`);
}

/**
 * Waits until the app has replaced a first paint the server rendered (inert: nothing in it can be
 * clicked or typed into, and its elements are not the app's).
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForSelector('.rl-first-paint', { state: 'detached' });
}

/** Picks an option of an antd Select by its visible label, and waits for the list to close. */
export async function chooseOption(page: Page, selectTestId: string, label: string): Promise<void> {
  await page.click(`[data-testid="${selectTestId}"]`);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label })
    .first()
    .click();
  await page.waitForSelector('.ant-select-dropdown:visible', { state: 'detached' });
}

/** Switches the interface language from the navbar. */
export async function switchLanguage(
  page: Page,
  label: 'English' | '中文',
  lang: 'en-US' | 'zh-CN',
): Promise<void> {
  await page.click('[data-testid="language-switch"]');
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item', { hasText: label }).click();
  await page.waitForFunction((expected) => document.documentElement.lang === expected, lang);
  await page.waitForSelector('.ant-dropdown:visible', { state: 'detached' });
}

/** Waits for a toast that says `text`. */
export async function waitForToast(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

/** Classes antd's motion puts on an element while it appears, enters or leaves. */
const MOTION_CLASS = /-(appear|enter|leave)(-(prepare|start|active))?(\s|$)/;

/**
 * Waits until no popup, toast or dialog is still animating in or out (for a faithful screenshot).
 * Elements without a box do not count: a button's loading icon can stay 'leaving' at size 0.
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.waitForFunction((source) => {
    const motion = new RegExp(source);
    return ![...document.querySelectorAll('[class]')].some((element) => {
      if (!motion.test(element.getAttribute('class') ?? '')) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    });
  }, MOTION_CLASS.source);
}

/**
 * Closes the open dialog with Escape, once it has finished opening: antd moves the focus into a
 * dialog only then, and an Escape pressed earlier is lost on a slow machine.
 */
export async function closeDialogWithEscape(page: Page): Promise<void> {
  await page.waitForSelector('.ant-modal-wrap:visible');
  await waitForAnimations(page);
  await page.keyboard.press('Escape');
  await page.waitForSelector('.ant-modal-wrap:visible', { state: 'detached' });
}

/**
 * Confirms the open confirmation (antd's Modal.confirm or Popconfirm) once it has finished opening:
 * a click that lands while it still zooms in is lost on a busy machine, and the dialog stays.
 */
export async function confirmDialog(page: Page): Promise<void> {
  const dialog = '.ant-modal-confirm:visible, .ant-popconfirm:visible';
  await page.waitForSelector(dialog);
  await waitForAnimations(page);
  await page
    .locator(
      '.ant-modal-confirm:visible .ant-btn-primary, .ant-modal-confirm:visible .ant-btn-dangerous, .ant-popconfirm:visible .ant-btn-primary',
    )
    .last()
    .click();
  await page.waitForSelector(dialog, { state: 'detached' });
}
