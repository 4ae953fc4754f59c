import type { Bilingual } from './bilingual.js';

/**
 * Why a PDF could not be processed. Ingestion stores the English (pdf/pdf-rejected-error.ts,
 * ingest/ingest-job.ts) with no reader at hand; my files words it in the reader's language
 * (uploads/presenter.ts, found by its English text: from-english.ts).
 */
export const ingestMessages = {
  processingFailed: { en: 'Processing failed', zh: '处理失败' },
  pdfEncrypted: { en: 'The PDF is password-protected', zh: '该 PDF 受密码保护' },
  pdfDamaged: { en: 'The PDF is damaged and cannot be read', zh: '该 PDF 已损坏，无法读取' },
  pdfNoPages: { en: 'The PDF has no pages', zh: '该 PDF 没有页面' },
  pdfTooMuchMemory: { en: 'The PDF needs too much memory to read', zh: '读取该 PDF 需要的内存过多' },
  pdfStreamOverrun: {
    en: 'A compressed stream in the PDF expands to more than {limit} (the limit)',
    zh: '该 PDF 中的一个压缩流解压后超过 {limit}（上限）',
  },
  pdfStreamsOverrun: {
    en: 'The compressed streams of the PDF expand to more than {limit} in all (the limit)',
    zh: '该 PDF 的压缩流解压后总计超过 {limit}（上限）',
  },
  pdfPageTextOverrun: {
    en: 'Page {page} of the PDF yields more than {limit} characters of text (the limit)',
    zh: '该 PDF 第 {page} 页的文字超过 {limit} 个字符（上限）',
  },
  pdfTextOverrun: {
    en: 'The PDF yields more than {limit} characters of text in all (the limit)',
    zh: '该 PDF 的文字总计超过 {limit} 个字符（上限）',
  },
  pdfTextPastStorage: {
    en: 'The text of the PDF ({size}) does not fit in the storage left on your plan ({left})',
    zh: '该 PDF 的文字（{size}）超出您套餐剩余的存储空间（{left}）',
  },
  pdfTimeout: { en: 'Reading the PDF took longer than {time}', zh: '读取该 PDF 的时间超过 {time}' },
  pdfTooManyPages: {
    en: 'The PDF has {pages} pages; the limit is {limit}',
    zh: '该 PDF 有 {pages} 页，上限为 {limit} 页',
  },
  pdfGarbledText: {
    en: 'The text layer of this PDF is unreadable (garbled characters)',
    zh: '该 PDF 的文字层无法读取（乱码）',
  },
  pdfNoTextLayer: {
    en: 'The PDF has no text layer (a scan?); OCR is not available',
    zh: '该 PDF 没有文字层（可能是扫描件），暂不支持 OCR',
  },
} satisfies Record<string, Bilingual>;
