import type { ReportLanguage } from '@rl/contract';

const MAX_TITLE_SLUG = 60;

/**
 * `2024-03-12_Northbridge-Securities_Japan-autos-outlook.pdf`. Chinese titles give no ASCII slug, so
 * Chinese reports use the issuer's ASCII id and the report index: `2024-03-12_hy-securities_report-00042.pdf`.
 */
export function reportFileName(
  date: string,
  issuer: { id: string; name: string },
  title: string,
  index: number,
  language: ReportLanguage,
): string {
  if (language === 'zh') return `${date}_${issuer.id}_report-${String(index).padStart(5, '0')}.pdf`;
  const titleSlug = slug(title);
  // Cut long titles at a word boundary.
  const short =
    titleSlug.length <= MAX_TITLE_SLUG
      ? titleSlug
      : titleSlug.slice(0, MAX_TITLE_SLUG + 1).replace(/-[^-]*$/, '');
  return `${date}_${slug(issuer.name)}_${short}.pdf`;
}

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** `name.pdf`, or `name-2.pdf`, `name-3.pdf`... when taken. */
export function uniqueFileName(fileName: string, taken: ReadonlySet<string>): string {
  let name = fileName;
  for (let n = 2; taken.has(name); n++) name = fileName.replace(/\.pdf$/, `-${n}.pdf`);
  return name;
}
