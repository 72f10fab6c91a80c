// Builds one workspace for production, whatever NODE_ENV the shell has (NODE_ENV=development is a
// common setting, and Vite then builds React's development bundle). Used by `npm start`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** `npm run build -w <workspace>`, extra arguments passed to its build script; answers the exit status. */
export function buildWorkspace(workspace, extraArgs = []) {
  const args = ['run', 'build', '-w', workspace, ...(extraArgs.length ? ['--', ...extraArgs] : [])];
  const r = spawnSync('npm', args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  return r.status ?? 1;
}
