import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const git = (...args: string[]) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' }).trim();

/** The commit to compare with: `ref` as given, else where this branch left main. */
export function baselineCommit(ref?: string): string {
  return git('rev-parse', '--verify', `${ref ?? git('merge-base', 'HEAD', 'main')}^{commit}`);
}

/**
 * The server of another commit, compiled as `npm run build` compiles it, for builds side by side:
 * the commit's files exported into a temporary folder (no checkout, no worktree: nothing of this
 * one changes), this checkout's node_modules linked in, and this checkout's built web app, so the
 * two servers differ only in the server's code. Answers the folder of its compiled server (a
 * `dist` for runServer) and how to remove it all.
 */
export function baselineBuild(commit: string): { dist: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'rl-bench-baseline-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    execFileSync('sh', ['-c', 'git -C "$1" archive "$2" | tar -x -C "$3"', 'sh', ROOT, commit, dir]);
    const link = (path: string) => {
      if (existsSync(join(ROOT, path)) && !existsSync(join(dir, path)))
        symlinkSync(join(ROOT, path), join(dir, path));
    };
    link('node_modules');
    for (const pkg of ['contract', 'server', 'web']) link(join('packages', pkg, 'node_modules'));
    link(join('packages', 'web', 'dist'));
    const server = join(dir, 'packages', 'server');
    execFileSync(process.execPath, ['build.mjs'], { cwd: server, stdio: ['ignore', 'ignore', 'inherit'] });
    return { dist: join(server, 'dist'), remove };
  } catch (err) {
    remove();
    throw err;
  }
}
