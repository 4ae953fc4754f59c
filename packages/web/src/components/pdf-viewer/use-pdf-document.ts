import { PasswordResponses, type PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import type { PageSize } from './page-layout';
import { openPdf } from './pdfjs-setup';

export type PdfDocumentState =
  | { status: 'loading' }
  | { status: 'ready'; doc: PDFDocumentProxy; firstPageSize: PageSize }
  | { status: 'error'; reason: 'password' | 'failed' };

const LOADING: PdfDocumentState = { status: 'loading' };

/** Opens the PDF at `url` and its first page; closes it when the URL changes or on unmount. */
export function usePdfDocument(url: string): PdfDocumentState {
  const [loaded, setLoaded] = useState<{ url: string; state: PdfDocumentState } | null>(null);

  useEffect(() => {
    const task = openPdf(url);
    let active = true;
    const settle = (state: PdfDocumentState) => active && setLoaded({ url, state });
    task.onPassword = (_update: unknown, reason: number) => {
      if (reason === PasswordResponses.NEED_PASSWORD || reason === PasswordResponses.INCORRECT_PASSWORD) {
        settle({ status: 'error', reason: 'password' });
        void task.destroy();
      }
    };
    task.promise
      .then(async (doc) => {
        const firstPage = await doc.getPage(1);
        const { width, height } = firstPage.getViewport({ scale: 1 });
        settle({ status: 'ready', doc, firstPageSize: { width, height } });
      })
      .catch((error: unknown) => {
        if (active) console.error('The PDF could not be opened', error);
        settle({ status: 'error', reason: 'failed' });
      });
    return () => {
      active = false;
      void task.destroy();
    };
  }, [url]);

  return loaded?.url === url ? loaded.state : LOADING;
}
