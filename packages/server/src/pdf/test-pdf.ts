/**
 * Builds a one-page PDF whose content stream is `content`, with Helvetica as /F1: enough to make
 * pdf.js do a chosen amount of work in tests without shipping fixture files.
 */
export function onePagePdf(content: string): Uint8Array {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** A page with `items` separate text items laid out in a grid: each one costs pdf.js heap. */
export function textItemBombPdf(items: number): Uint8Array {
  const ops: string[] = [];
  for (let i = 0; i < items; i++) {
    ops.push(`1 0 0 1 ${72 + (i % 40) * 12} ${720 - (Math.floor(i / 40) % 60) * 12} Tm (abc) Tj`);
  }
  return onePagePdf(`BT /F1 10 Tf ${ops.join(' ')} ET`);
}
