/**
 * Summarises a V8 heap snapshot (as bench/startup/idle-memory.ts writes with HEAP_SNAPSHOT_DIR):
 * self size by node type, the largest constructors / native objects, and the JavaScript source
 * held per package (scripts' source strings), so "where the idle heap goes" is read, not guessed.
 * Run: npx tsx bench/startup/heap-summary.ts FILE.heapsnapshot [TOP]
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

const file = process.argv[2];
if (!file) throw new Error('usage: heap-summary.ts FILE.heapsnapshot [TOP]');
const top = Number(process.argv[3] ?? 25);
const { snapshot, nodes, strings } = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
const fields = snapshot.meta.node_fields;
const types = snapshot.meta.node_types[0];
const width = fields.length;
const TYPE = fields.indexOf('type');
const NAME = fields.indexOf('name');
const SIZE = fields.indexOf('self_size');

const byType = new Map<string, number>();
const byName = new Map<string, { size: number; count: number }>();
let total = 0;
for (let i = 0; i < nodes.length; i += width) {
  const type = types[nodes[i + TYPE] ?? 0] ?? '?';
  const size = nodes[i + SIZE] ?? 0;
  total += size;
  byType.set(type, (byType.get(type) ?? 0) + size);
  const name =
    type === 'string' || type === 'concatenated string' || type === 'sliced string' ? '(strings)' : strings[nodes[i + NAME] ?? 0];
  const key = `${type}: ${(name ?? '').slice(0, 80)}`;
  const entry = byName.get(key) ?? { size: 0, count: 0 };
  entry.size += size;
  entry.count++;
  byName.set(key, entry);
}

const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
console.log(`${file}: ${mb(total)} MB in ${(nodes.length / width).toLocaleString('en')} nodes`);
console.log('\nself size by node type:');
for (const [type, size] of [...byType].sort((a, b) => b[1] - a[1])) console.log(`  ${mb(size).padStart(7)} MB  ${type}`);
console.log(`\nlargest ${top} (type: name), self size:`);
for (const [key, { size, count }] of [...byName].sort((a, b) => b[1].size - a[1].size).slice(0, top)) {
  console.log(`  ${mb(size).padStart(7)} MB  ${String(count).padStart(7)}×  ${key}`);
}

// Script sources are held as strings; strings naming a node_modules file tell which packages
// were loaded (each loaded module's URL stays in the heap).
const packages = new Map<string, number>();
for (const text of strings) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/[^\s'"]*\.[cm]?js$/.exec(text);
  if (match?.[1]) packages.set(match[1], (packages.get(match[1]) ?? 0) + 1);
}
console.log(`\npackages with modules loaded (module files named in the heap), ${packages.size}:`);
console.log(
  [...packages]
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => `${name} (${count})`)
    .join(', '),
);
