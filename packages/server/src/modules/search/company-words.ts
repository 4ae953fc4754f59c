import type { Company, CompanyDirectory } from '../companies/company-directory.js';
import { nameKey } from '../companies/company-directory.js';
import { queryTokens } from '../../text/segment.js';
import type { GlossaryIndex } from './cross-lingual.js';
import type { QueryTerm } from './fts-query.js';

/** Names a company's name is widened to at most, its own language and the other's. */
const MAX_NAMES = 8;

interface Form {
  text: string;
  tokens: string[];
}

const formsOfCompany = new WeakMap<Company, Form[]>();

/** A company's names, each once as search tokenises it: full names first, English then Chinese. */
function companyForms(c: Company): Form[] {
  let forms = formsOfCompany.get(c);
  if (forms) return forms;
  const byKey = new Map<string, Form>();
  for (const text of [...c.en, ...c.zh]) {
    const key = nameKey(text);
    if (key && !byKey.has(key)) byKey.set(key, { text, tokens: queryTokens(text) });
  }
  forms = [...byKey.values()];
  formsOfCompany.set(c, forms);
  return forms;
}

/**
 * The query's dictionary: company names and the finance glossary as one. A run of typed terms that
 * is a company's name stands for the company and is widened to its other names, never cut into
 * finance terms (`Tencent Holdings` is not `holdings`, 持仓). A single word that is both a finance
 * term and a company's short form stays the finance term: a company's full name names it then.
 */
export function withCompanyNames(glossary: GlossaryIndex, directory: CompanyDirectory): GlossaryIndex {
  return {
    alternatives(key) {
      const terms = glossary.alternatives(key);
      const company = directory.byKey(key);
      if (!company || (terms?.length && !key.includes(' '))) return terms?.length ? terms : undefined;
      return companyForms(company)
        .filter((f) => nameKey(f.text) !== key)
        .slice(0, MAX_NAMES);
    },
    isName: (key) => directory.byKey(key) !== undefined,
  };
}

/** Digits with an exchange (`700 HK`, `0700.HK`, `600519 CH`): a ticker, searched as typed. */
const NUMERIC_TICKER = /^\d{1,6} (?:[a-z]{1,3})$/;

/**
 * How many terms from `start` read as a numeric ticker printed in two words (`700 HK`), if any: a
 * ticker is never widened (`HK` is not 香港 there). One term (`0700.HK`) is never a glossary form.
 */
export function tickerRunAt(terms: readonly QueryTerm[], start: number): number {
  const a = terms[start];
  const b = terms[start + 1];
  if (
    a?.tokens.length === 1 &&
    b?.tokens.length === 1 &&
    NUMERIC_TICKER.test(`${a.tokens[0]} ${b.tokens[0]}`)
  )
    return 2;
  return 0;
}
