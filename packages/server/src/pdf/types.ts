/** Document information from the PDF's info dictionary; empty values are left out. */
export interface PdfInfo {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creator?: string;
  producer?: string;
  /** ISO 8601 with the writer's UTC offset, e.g. `2025-10-11T04:53:48+08:00`. */
  creationDate?: string;
}

/** The text of a PDF as read by pdf.js. */
export interface ExtractedPdf {
  numPages: number;
  /** Text per page: lines separated by `\n`, a blank line between paragraphs. */
  pages: string[];
  info: PdfInfo;
  /** True when the file is encrypted but opens without a password (owner-password-only files). */
  encrypted: boolean;
}
