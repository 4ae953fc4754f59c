import { onePagePdf } from '../../src/pdf/tiny-pdf.js';

export { onePagePdf };

/** A page with `items` separate text items laid out in a grid: each one costs pdf.js heap. */
export function textItemBombPdf(items: number): Uint8Array {
  const ops: string[] = [];
  for (let i = 0; i < items; i++) {
    ops.push(`1 0 0 1 ${72 + (i % 40) * 12} ${720 - (Math.floor(i / 40) % 60) * 12} Tm (abc) Tj`);
  }
  return onePagePdf(`BT /F1 10 Tf ${ops.join(' ')} ET`);
}
