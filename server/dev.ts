/**
 * `npm run dev`: the API server, restarted on change, behind Vite's dev server with hot
 * reload. Vite forwards /api and /cognito to the API server (see vite.config.ts).
 */
import { spawn } from 'node:child_process';
import { PROJECT_ROOT } from './config/config.ts';

const DEV_API_PORT = '3001';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: DEV_API_PORT, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npx', ['vite'], { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, DEV_API_PORT } }),
];

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => children.forEach((child) => child.kill(signal)));
}
for (const child of children) child.once('exit', (code) => process.exit(code ?? 0));
