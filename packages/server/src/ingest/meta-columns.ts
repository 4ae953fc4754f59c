import type { FileMetaUpdate } from '../modules/files/repo.js';
import type { InferredMeta } from '../pdf/infer-metadata.js';

/** Inferred metadata as the columns of the files table, and back. */
export function metaColumns(m: InferredMeta): FileMetaUpdate {
  return {
    title: m.title,
    issuer: m.issuer,
    authors: JSON.stringify(m.authors),
    tags: JSON.stringify(m.tags),
    keywords: JSON.stringify(m.keywords),
    stock_information: JSON.stringify(m.stockInformation),
    geographic_region: JSON.stringify([m.country]),
    publish_date: m.publishDate,
    asset_class: m.assetClass,
    country: m.country,
    language: m.language,
    page_count: m.pageCount,
  };
}

export function metaFromColumns(f: FileMetaUpdate): InferredMeta {
  return {
    title: f.title,
    issuer: f.issuer,
    authors: JSON.parse(f.authors) as string[],
    tags: JSON.parse(f.tags) as string[],
    keywords: JSON.parse(f.keywords) as string[],
    stockInformation: JSON.parse(f.stock_information) as InferredMeta['stockInformation'],
    publishDate: f.publish_date,
    assetClass: f.asset_class as InferredMeta['assetClass'],
    country: f.country as InferredMeta['country'],
    language: f.language as InferredMeta['language'],
    pageCount: f.page_count,
  };
}
