import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from './helpers/paths';

/**
 * The journeys run what `npm start` runs: the compiled server (packages/server/dist) serving the
 * built web app. Both are built first, unless E2E_SKIP_BUILD=1.
 */
export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync('npm', ['run', 'build', '-w', '@rl/server'], { cwd: REPO_ROOT, stdio: 'inherit' });
  // Vitest sets NODE_ENV=test; the build must be a production build (React and antd in production mode).
  execFileSync('npm', ['run', 'build', '-w', '@rl/web'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
