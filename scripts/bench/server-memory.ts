import { readFileSync } from 'node:fs';

/** The resident memory of a server: its primary and every process under it (HTTP workers, PDF children). */
export interface ServerMemory {
  /** Sum over the processes, MB. */
  rssMb: number;
  /** Per process, MB, the primary first. */
  perProcessMb: number[];
}

const rssKb = (pid: number): number => {
  const line = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0);
};

/** A process's children (Linux: /proc), none when it is gone. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

function descendants(pid: number): number[] {
  return childrenOf(pid).flatMap((c) => [c, ...descendants(c)]);
}

/** Read from /proc (Linux); undefined where there is none. */
export function serverMemory(pid: number): ServerMemory | undefined {
  try {
    const perProcessMb = [pid, ...descendants(pid)].map((p) => Math.round(rssKb(p) / 1024));
    return { rssMb: perProcessMb.reduce((a, b) => a + b, 0), perProcessMb };
  } catch {
    return undefined;
  }
}
