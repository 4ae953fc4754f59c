import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileDetailResponse, UploadResponse } from '@rl/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, demoAccounts, useToken } from './helpers/accounts';
import { useJourney } from './helpers/journey';
import { openToVisitors, searchLibrary } from './helpers/library';
import { CORPUS_REPORTS } from './helpers/my-library';
import { waitForRenderedPage } from './helpers/pdf-canvas';
import type { RunningServer } from './helpers/server';

/**
 * Preview links are bound to the viewer and live minutes (here FILE_URL_TTL_S=10 s, so one ends
 * during the test): the viewer reads with its token and fingerprint, and when the link has ended
 * it asks for a fresh one and goes on reading without reopening the report.
 */
const SEED_COUNT = 12;
const TTL_S = 10;
/** 2.6 MB: its middle pages need reads of their own. */
const LARGE_PDF = 'imf_gfsr_oct2025_ch1.pdf';

interface StreamRead {
  url: string;
  status: number;
  fingerprint: string | undefined;
  authorization: string | undefined;
  range: string | undefined;
}

describe('preview links in the browser: bound to the viewer, renewed when they end', () => {
  let server: RunningServer;
  let page: Page;
  const reads: StreamRead[] = [];
  const detailLinks: string[] = [];

  useJourney({ seedCount: SEED_COUNT, env: { FILE_URL_TTL_S: String(TTL_S) } }, (journey) => {
    ({ server, page } = journey);
    page.on('response', async (response) => {
      const request = response.request();
      if (request.url().includes('/api/file/stream/')) {
        const headers = await request.allHeaders();
        reads.push({
          url: request.url(),
          status: response.status(),
          fingerprint: headers['x-fingerprint'],
          authorization: headers.authorization,
          range: headers.range,
        });
      } else if (request.url().endsWith('/api/file/file_detail') && response.ok()) {
        const body = (await response.json()) as FileDetailResponse;
        detailLinks.push(body.file_info.encrypted_file_url);
      }
    });
  });

  it('reads by ranges with its fingerprint; the link is useless to anyone else', async () => {
    const all = await searchLibrary(server.url, { keyword: '', page_length: 100 });
    const report = all.file_list.find(openToVisitors);
    if (!report) throw new Error('no report a visitor may open');
    await page.goto(`${server.url}/home/file?file=${report.id}`);
    await waitForRenderedPage(page, 1);
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) {
      expect(read.status).toBe(206);
      expect(read.fingerprint).toMatch(/^[0-9a-f]{64}$/);
      expect(read.range).toMatch(/^bytes=\d+-\d*$/);
    }
    // The same link from another client (no fingerprint) is refused.
    const stolen = await fetch(reads[0]!.url);
    expect(stolen.status).toBe(403);
    expect(await stolen.json()).toMatchObject({ code: 'link_invalid' });
  });

  it('renews a reader’s ended link and renders a later page without reopening the report', async () => {
    // A large report (the demo ones fit in one read): the paid demo user's own upload.
    const token = await apiLogin(server.url, (await demoAccounts(server.dataDir)).paid);
    const fileId = await uploadAndWait(server.url, token, path.join(CORPUS_REPORTS, LARGE_PDF));
    reads.length = 0;
    detailLinks.length = 0;
    await useToken(page, server.url, token, `/home/file?file=${fileId}`);
    await waitForRenderedPage(page, 1, 60_000);
    expect(reads.every((r) => r.authorization === `Bearer ${token}`)).toBe(true);
    // The link the viewer reads with now, and its end.
    const inUse = new URL(reads.at(-1)!.url);
    const inUseQuery = inUse.search;
    const exp = Number(inUse.searchParams.get('exp'));
    expect(exp - Date.now() / 1000).toBeLessThanOrEqual(TTL_S + 1);
    const detailsBefore = detailLinks.length;
    // Polls the clock until the link has ended.
    while (Date.now() / 1000 <= exp + 1) await page.waitForTimeout(250);
    const before = reads.length;
    const pageCount = Number(
      await page.locator('[data-testid="pdf-viewer"]').getAttribute('data-page-count'),
    );
    // A page in the middle: its content lies in bytes not read yet.
    const middle = Math.ceil(pageCount / 2);
    await page.fill('input[aria-label="Page"]', String(middle));
    await page.keyboard.press('Enter');
    await waitForRenderedPage(page, middle, 60_000);

    const after = reads.slice(before);
    // The ended link was refused, then fresh ones (other signatures) served the ranges.
    expect(after.some((r) => r.status === 403 && r.url.endsWith(inUseQuery))).toBe(true);
    const served = after.filter((r) => r.status === 206);
    expect(served.length).toBeGreaterThan(0);
    expect(served.every((r) => !r.url.endsWith(inUseQuery))).toBe(true);
    expect(detailLinks.length).toBeGreaterThan(detailsBefore);
    // The document was not reopened: its first bytes were read once.
    expect(reads.filter((r) => r.range === 'bytes=0-65535')).toHaveLength(1);
  });
});

/** Uploads a PDF as the user and waits until its ingestion has finished; answers its id. */
async function uploadAndWait(baseUrl: string, token: string, file: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([await readFile(file)], { type: 'application/pdf' }), path.basename(file));
  const auth = { authorization: `Bearer ${token}` };
  const response = await fetch(`${baseUrl}/api/file/user_upload`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  const uploaded = (await response.json()) as UploadResponse;
  if (!response.ok) throw new Error(`upload failed: ${JSON.stringify(uploaded)}`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    const detail = await fetch(`${baseUrl}/api/file/file_detail`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ file_id: uploaded.file.id }),
    });
    if (detail.ok) return uploaded.file.id;
    if (Date.now() > deadline) throw new Error(`the upload was not ingested: ${detail.status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
