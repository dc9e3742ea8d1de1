/**
 * `npm run bench [name ...]`: runs each benchmark in bench/<name>/index.ts one after the
 * other (they share two cores, so never in parallel) and lets each print its figures.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const available = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(benchDir, entry.name, 'index.ts')))
  .map((entry) => entry.name)
  .sort();

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}

let failed = false;
for (const name of requested.length > 0 ? requested : available) {
  console.log(`\n=== bench/${name} ===`);
  // --expose-gc: the benches that report memory collect garbage first, so they show what is kept.
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(benchDir, name, 'index.ts')], {
    stdio: 'inherit',
    env: { ...process.env, AWS_EC2_METADATA_DISABLED: 'true' },
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
