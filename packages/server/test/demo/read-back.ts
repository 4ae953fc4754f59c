import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What the tests read back from a generated PDF with pdf.js, the engine the product itself uses. */
export interface PdfReadBack {
  pageCount: number;
  info: Record<string, unknown>;
  /** Text lines of each requested page (1-based keys), in content order. */
  lines: Map<number, string[]>;
}

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/**
 * Test helper: a line is the run of text items that share a baseline, in content-stream order,
 * so each cover line drawn as one string comes back as one line.
 */
export async function readBack(bytes: Uint8Array, pages: readonly number[]): Promise<PdfReadBack> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes), // pdf.js takes ownership of (detaches) the buffer it is given
    cMapUrl: join(pdfjsRoot, 'cmaps/'),
    cMapPacked: true,
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts/'),
    isEvalSupported: false,
  }).promise;
  try {
    const lines = new Map<number, string[]>();
    for (const pageNumber of pages) {
      const content = await (await pdf.getPage(pageNumber)).getTextContent();
      const pageLines: string[] = [];
      let lastY: number | undefined;
      for (const item of content.items) {
        if (!('str' in item) || item.str === '') continue;
        const y = item.transform[5] as number;
        if (lastY === undefined || Math.abs(y - lastY) > 1) pageLines.push(item.str);
        else pageLines[pageLines.length - 1] += item.str;
        lastY = y;
      }
      lines.set(pageNumber, pageLines);
    }
    const { info } = await pdf.getMetadata();
    return { pageCount: pdf.numPages, info: info as Record<string, unknown>, lines };
  } finally {
    await pdf.destroy();
  }
}
