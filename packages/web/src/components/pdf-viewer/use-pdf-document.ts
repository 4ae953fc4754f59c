import { PasswordResponses, type PDFDocumentLoadingTask, type PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import type { PageSize } from './page-layout';
import { pdfDocumentKey, type PdfLink } from '../../api/pdf-link-api';
import { openPdf } from './pdfjs-setup';

export type PdfDocumentState =
  | { status: 'loading' }
  | { status: 'ready'; doc: PDFDocumentProxy; firstPageSize: PageSize }
  | { status: 'error'; reason: 'password' | 'failed' };

const LOADING: PdfDocumentState = { status: 'loading' };

/**
 * Opens the PDF behind the preview link `url` and its first page; closes it when the document
 * changes or on unmount. A renewed link of the same document (new expiry and signature) keeps the
 * open document: its later reads use the new link. `renew` asks the server for a fresh link when
 * a read finds the current one ended (expired while the tab slept, or the viewer logged out).
 */
export function usePdfDocument(url: string, renew?: () => Promise<string | null>): PdfDocumentState {
  const key = pdfDocumentKey(url);
  const [loaded, setLoaded] = useState<{ key: string; state: PdfDocumentState } | null>(null);
  const latest = useRef({ url, renew });
  useEffect(() => {
    latest.current = { url, renew };
  }, [url, renew]);

  useEffect(() => {
    const link: PdfLink = {
      current: () => latest.current.url,
      async renew() {
        const fresh = (await latest.current.renew?.()) ?? null;
        if (fresh) latest.current = { ...latest.current, url: fresh };
        return fresh;
      },
    };
    const aborter = new AbortController();
    let task: PDFDocumentLoadingTask | null = null;
    let active = true;
    const settle = (state: PdfDocumentState) => active && setLoaded({ key, state });
    const fail = (error: unknown) => {
      if (active) console.error('The PDF could not be opened', error);
      settle({ status: 'error', reason: 'failed' });
    };
    openPdf(link, aborter.signal)
      .then((opened) => {
        task = opened;
        if (!active) return void opened.destroy();
        opened.onPassword = (_update: unknown, reason: number) => {
          if (reason === PasswordResponses.NEED_PASSWORD || reason === PasswordResponses.INCORRECT_PASSWORD) {
            settle({ status: 'error', reason: 'password' });
            void opened.destroy();
          }
        };
        return opened.promise.then(async (doc) => {
          const firstPage = await doc.getPage(1);
          const { width, height } = firstPage.getViewport({ scale: 1 });
          settle({ status: 'ready', doc, firstPageSize: { width, height } });
        });
      })
      .catch(fail);
    return () => {
      active = false;
      aborter.abort();
      void task?.destroy();
    };
  }, [key]);

  return loaded?.key === key ? loaded.state : LOADING;
}
