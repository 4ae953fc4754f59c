import { today } from '../platform/clock.js';
import { generateDemoReport } from '../demo/index.js';
import type { Runtime } from '../runtime.js';
import type { IngestOutcome } from '../modules/uploads/admission.js';

export interface SeedResult {
  queued: number;
  duplicates: number;
  rejected: { fileName: string; reason: string }[];
}

/**
 * Generates `count` demo reports and sends them through the ingestion pipeline. Deterministic for a
 * seed and a day, so re-running after an interruption only adds what is missing (duplicates skip).
 */
export async function seedDemoLibrary(
  rt: Runtime,
  opts: { count: number; seed: number },
): Promise<SeedResult> {
  const result: SeedResult = { queued: 0, duplicates: 0, rejected: [] };
  const day = today(rt.clock);
  for (let i = 0; i < opts.count; i++) {
    const { plan, bytes } = await generateDemoReport(opts.seed, i, day);
    const outcome: IngestOutcome = await rt.ingestor.ingest({
      bytes,
      fileName: plan.fileName,
      source: 'seed',
    });
    if (outcome.kind === 'queued') result.queued++;
    else if (outcome.kind === 'duplicate') result.duplicates++;
    else result.rejected.push({ fileName: plan.fileName, reason: outcome.reason });
    // Let HTTP requests in between reports: generation is CPU work on this thread.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return result;
}
