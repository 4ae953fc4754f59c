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

/** A line of a cover page as drawn: position (x from the left, y from the bottom) and font size. */
export interface LayoutLine {
  text: string;
  x: number;
  y: number;
  size: number;
}

/** The drawn lines of one of a document's first pages, in content-stream order. */
export interface PageLayout {
  width: number;
  height: number;
  lines: LayoutLine[];
}

/** The text of a PDF as read by pdf.js. */
export interface ExtractedPdf {
  numPages: number;
  /** Text per page: lines separated by `\n`, a blank line between paragraphs. */
  pages: string[];
  info: PdfInfo;
  /**
   * The lines of the first LAYOUT_PAGES pages with their sizes and positions, for what only the
   * layout tells (a cover's title is its largest line). Absent in documents made before it was read.
   */
  layout?: PageLayout[];
  /** True when the file is encrypted but opens without a password (owner-password-only files). */
  encrypted: boolean;
}
