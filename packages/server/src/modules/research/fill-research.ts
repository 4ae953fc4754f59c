import type { Logger } from 'pino';
import { correctedFieldsOf } from '../files/corrections.js';
import { sectorOf } from '../files/meta-columns.js';
import type { LlmClient } from '../../platform/llm.js';
import { boundedStocks } from '../../pdf/bounded-reading.js';
import type { FileRow } from '../files/presenter.js';
import { stockInformationOf } from '../files/presenter.js';
import type { FilesRepo } from '../files/repo.js';
import { fillResearchWithModel } from './model-fill.js';

const RESEARCH_TYPES = new Set(['company', 'industry']);

/** A note of a kind whose research data the model's pass reads (a company or industry note). */
export const takesModelPass = (reportType: string): boolean => RESEARCH_TYPES.has(reportType);

/** Stores what the model's pass filled: a note's companies (JSON) and sector. */
export type SaveResearch = (seq: number, stockInformation: string, sector: string | null) => Promise<void>;

/**
 * With a model provider, a company or industry note's research data gets the model's pass
 * (model-fill.ts) once it is read: what the rules left empty is filled and handed to `save`, only
 * when it changed what the note carries; of an industry note, only its sector. A note whose companies or sector a person corrected is
 * left as they set it. The provider's failure changes nothing. True when something was saved.
 */
export async function fillResearch(
  deps: { files: Pick<FilesRepo, 'pages'>; save: SaveResearch; llm: LlmClient; log?: Logger },
  file: FileRow,
): Promise<boolean> {
  if (!takesModelPass(file.report_type)) return false;
  const corrected = correctedFieldsOf(file.corrected_fields) as string[];
  if (corrected.includes('stock_information') || corrected.includes('sector')) return false;
  try {
    const read = stockInformationOf(file.stock_information);
    const filled = await fillResearchWithModel(deps.llm, {
      pages: await deps.files.pages(file.seq),
      read,
      sector: sectorOf(file.sector),
    });
    // An industry note is about its sector: the companies it names never become its subject.
    const companies = file.report_type === 'industry' ? read : filled.stockInformation;
    const changed =
      filled.sector !== sectorOf(file.sector) || JSON.stringify(companies) !== JSON.stringify(read);
    if (!changed) return false;
    await deps.save(file.seq, JSON.stringify(boundedStocks(companies)), filled.sector);
    return true;
  } catch (error) {
    deps.log?.warn({ err: error, file: file.id }, 'the model could not read the research data');
    return false;
  }
}
