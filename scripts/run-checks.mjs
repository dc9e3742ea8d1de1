/**
 * `node scripts/run-checks.mjs lint typecheck` (`npm run check`): the commands of the npm
 * scripts it is given, as package.json declares them (split at `&&`), run side by side, as many
 * at a time as the machine has cores; `npm run test:quick` runs the cached variants this way. Each of them
 * (ESLint, Prettier, knip, three tsc programs) uses one core, so on two cores this takes about
 * half the time of running them one after the other. A command's output is printed whole when
 * it ends, so two never interleave; the exit code is non-zero if any command failed.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { scripts } = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8'));
const names = process.argv.slice(2);
const unknown = names.filter((name) => !scripts[name]);
if (names.length === 0 || unknown.length > 0) {
  console.error(
    `usage: node scripts/run-checks.mjs <npm script>...; not in package.json: ${unknown.join(', ') || '(none given)'}`,
  );
  process.exit(2);
}
const commands = names.flatMap((name) => scripts[name].split(' && '));

function run(command) {
  const started = performance.now();
  return new Promise((resolve) => {
    // The project's own binaries first, as npm runs a script.
    const env = { ...process.env, PATH: `${path.join(PROJECT_ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` };
    const child = spawn(command, { cwd: PROJECT_ROOT, env, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${command} (${seconds} s)\n${code === 0 ? '' : output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...commands];
const results = await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    let passed = true;
    for (let command = queue.shift(); command; command = queue.shift()) passed = (await run(command)) && passed;
    return passed;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
