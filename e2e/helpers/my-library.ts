import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './paths';

/** The real PDFs of ../shared/corpus, used by path (never copied into the repository). */
export const CORPUS_REPORTS = path.resolve(REPO_ROOT, '../shared/corpus/reports');

export const MY_FILE_ROW = '[data-testid="myfile-row"]';

/** The row of one of my uploads in the My files table (antd keys rows by file id). */
export const myFileRow = (fileId: string) => `${MY_FILE_ROW}[data-row-key="${fileId}"]`;

/** Chooses a file through the upload page's file chooser, as a user clicking the drop zone. */
export async function chooseUpload(page: Page, filePath: string): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.click('[data-testid="upload-panel"] .ant-upload-drag'),
  ]);
  await chooser.setFiles(filePath);
  await page
    .locator('[data-testid="upload-panel"] .ant-upload-list-item', { hasText: path.basename(filePath) })
    .waitFor();
}

/** Opens the upload page and waits for my files to be listed (rows or the empty state). */
export async function openUploadPage(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/my/upload`);
  await page.waitForSelector('[data-testid="upload-usage"]');
  await page.waitForSelector(`${MY_FILE_ROW}, [data-testid="myfiles-empty"]`);
}
