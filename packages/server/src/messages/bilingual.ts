/** The languages the server answers in: the request's `X-Language` (SPEC.md section 5). */
export type Language = 'en' | 'zh';

/** One message a user can read, in both languages; `{name}` marks a parameter. */
export interface Bilingual {
  readonly en: string;
  readonly zh: string;
}
