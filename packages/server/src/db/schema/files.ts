import type { Generated } from 'kysely';

/* A report and what is derived from it: its tags, companies, pages, search index terms and views. */

export interface FilesTable {
  seq: Generated<number>;
  id: string;
  sha256: string;
  file_name: string;
  file_type: Generated<string>;
  size_bytes: number;
  status: 'processing' | 'ready' | 'failed';
  fail_code: string | null;
  fail_reason: string | null;
  visibility: 'public' | 'private';
  owner_id: string | null;
  upload_user: string | null;
  source: 'seed' | 'import' | 'upload' | 'admin';
  upload_time: string;
  updated_time: string;
  title: Generated<string>;
  issuer: Generated<string>;
  /** JSON arrays. */
  authors: Generated<string>;
  tags: Generated<string>;
  keywords: Generated<string>;
  stock_information: Generated<string>;
  geographic_region: Generated<string>;
  publish_date: string | null;
  asset_class: string | null;
  country: string | null;
  language: Generated<string>;
  page_count: Generated<number>;
  summary: Generated<string>;
  /** The short form of the summary (migration 0006). */
  summary_compact: Generated<string>;
  /** JSON object: language → summary ('zh-hans'; a legacy 'zh' is read as 'zh-hans'). */
  multi_language_summary: Generated<string>;
  summary_kind: 'extractive' | 'abstractive' | null;
  /** When the summary was written; null: a summarise job is owed. */
  summarised_at: string | null;
  /** Who writes the summary on request now, until when (the database's clock); callers share it. */
  summary_run_by: Generated<string | null>;
  summary_run_until: Generated<string | null>;
  views: Generated<number>;
  stars: Generated<number>;
  /** Set when a DMCA complaint was accepted: the file is gone for everyone. */
  taken_down_at: string | null;
  /** UTF-8 bytes of the file's stored text (its pages), counted in its owner's storage (migration 0014). */
  text_bytes: Generated<number>;
  /** 0015: REPORT_TYPES value; JSON name → registration no.; JSON corrected columns; READING_VERSION. */
  report_type: Generated<string>;
  author_registrations: Generated<string>;
  corrected_fields: Generated<string>;
  reading_version: Generated<number>;
  /** 0016: SectorId; the normalised rating and action of a note on one company (research-rows.ts). */
  sector: Generated<string | null>;
  rating: Generated<string | null>;
  rating_action: Generated<string | null>;
  /** 0027: when an administrator confirmed an upload's research data (files/provenance.ts). */
  research_confirmed_at: Generated<string | null>;
  /** 0030: an industry note's view on its sector (as printed, RatingStep, RatingAction; industry-rating.ts). */
  industry_rating: Generated<string | null>;
  industry_rating_normalised: Generated<string | null>;
  industry_rating_action: Generated<string | null>;
  /** 0030: JSON list of the companies an industry note only mentions (as stock_information). */
  mentioned_companies: Generated<string>;
  /** 0031: JSON object, where each of the note's own facts was printed (pdf/fact-source.ts). */
  fact_sources: Generated<string>;
}

/** One company a note covers (0016), derived from `files.stock_information` by saveMeta. */
export interface FileCompaniesTable {
  file_seq: number;
  /** 0: the note's first company. */
  position: number;
  ticker: string;
  company_name: string;
  rating: string | null;
  rating_normalised: string | null;
  rating_action: string | null;
  previous_rating: string | null;
  target_price: number | null;
  currency: string | null;
  previous_target_price: number | null;
}

/** A company's name learned from notes or set in the console (0027); see modules/companies. */
export interface CompanyNamesTable {
  ticker: string;
  name: string;
  source: 'notes' | 'console';
  /** 1: the name is taken away from the company (the console). */
  hidden: number;
  updated_at: string;
}

export interface FileTagsTable {
  tag: string;
  file_seq: number;
}

export interface FilePagesTable {
  file_seq: number;
  page_no: number;
  text: string;
}

export interface TermImpactsTable {
  term: string;
  weight: number;
  seq: number;
}

export interface ImpactTermsTable {
  term: string;
  docs: number;
}

export interface FileViewDaysTable {
  file_seq: number;
  viewer: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
}
