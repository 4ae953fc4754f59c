import type { ExtractedPdf } from './types.js';

/** Characters that real text has few of, but mis-decoded text is full of: C1 controls, Latin-1
 * supplement, the replacement character and private-use code points. */
const SUSPECT = /[\u0080-\u009f\u00a1-\u00ff\ufffd\ue000-\uf8ff]/gu;
/** What the share is taken of: letters of any script plus the suspects. */
const JUDGED = /[\p{L}\u0080-\u009f\u00a1-\u00ff\ufffd\ue000-\uf8ff]/gu;

/** Below this many characters a document is too short to judge. */
const MIN_JUDGED = 20;
/** French or German text has well under 10% accented letters; CJK decoded as Latin-1 has most. */
const MAX_SUSPECT_SHARE = 0.3;

/**
 * How much usable text a PDF has: `chars` counts non-blank characters (0 for a scan without a text
 * layer); `junk` flags text that is mostly mis-decoded, such as Chinese in a non-embedded GB2312
 * font declared as WinAnsi, which comes out as Latin-1 letters (`¹ØÓÚºì¾ü×÷Õ½µÄ`).
 */
export function textQuality(pdf: Pick<ExtractedPdf, 'pages'>): { chars: number; junk: boolean } {
  let chars = 0;
  let judged = 0;
  let suspect = 0;
  for (const page of pdf.pages) {
    chars += page.replace(/\s+/g, '').length;
    judged += page.match(JUDGED)?.length ?? 0;
    suspect += page.match(SUSPECT)?.length ?? 0;
  }
  const junk = judged >= MIN_JUDGED && suspect / judged > MAX_SUSPECT_SHARE;
  return { chars, junk };
}
