import { execFileSync } from 'node:child_process';
import { REPO_ROOT } from './helpers/paths';

/** The server serves the built web app: build it first, unless E2E_SKIP_BUILD=1. */
export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  // Vitest sets NODE_ENV=test; the build must be a production build (React and antd in production mode).
  execFileSync('npm', ['run', 'build', '-w', '@rl/web'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
