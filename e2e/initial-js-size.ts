import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface InitialJsReport {
  /** Entry chunk and everything it imports statically: what the browser must run before the app starts. */
  initialFiles: { file: string; gzipBytes: number }[];
  initialGzipBytes: number;
}

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Reads the Vite manifest of a build and measures the initial JavaScript of the app, gzip. */
export function measureInitialJs(distDir: string): InitialJsReport {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
  if (!entry) throw new Error('The build manifest has no entry');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) visit(child);
  };
  visit(entry[0]);
  const initialFiles = [...seen]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, gzipBytes: gzipSize(path.join(distDir, file)) }));
  return { initialFiles, initialGzipBytes: initialFiles.reduce((sum, f) => sum + f.gzipBytes, 0) };
}
