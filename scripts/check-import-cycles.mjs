/**
 * `node scripts/check-import-cycles.mjs [folder...]` (part of `npm run lint`): fails when modules
 * of the project import each other in a circle, and prints each circle file by file.
 *
 * Why not ESLint's import-x/no-cycle: it skips `import type`, so a circle held together by types
 * alone passed lint (one did, and a structure check caught it later), and it walked the import
 * graph once per linted file, the largest share of the lint run's time. This reads every module's
 * imports once (TypeScript's preProcessFile: value, type-only, re-exports and dynamic `import()`),
 * then finds the circles as strongly connected components of that graph, in about a second.
 *
 * Every relative import names its file with its extension (the project's rule, which tsc's
 * allowImportingTsExtensions and the bundler resolve), so a specifier resolves to one path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'out', 'data', 'test-results', 'test-reports', 'playwright-report', 'results']);

/** Every source file under the folders, as absolute paths. */
function sourceFiles(folders) {
  return folders.flatMap((folder) =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) return SKIPPED.has(entry.name) || entry.name.startsWith('.') ? [] : sourceFiles([full]);
      return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
    }),
  );
}

/** Each file's relative imports that name another file of the set. */
function importGraph(files) {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles
        .map(({ fileName }) => fileName)
        .filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'))
        .map((specifier) => path.resolve(path.dirname(file), specifier.replace(/\?.*$/, '')))
        .filter((target) => known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The graph's strongly connected components of more than one file, or of one file that imports itself (Tarjan). */
function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file)) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || graph.get(file).includes(file)) found.push(component);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/** One circle through the component's first file, as the files in import order (breadth first, so the shortest). */
function oneCircle(graph, component) {
  const members = new Set(component);
  const [start] = component;
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const target of graph.get(file)) {
      if (!members.has(target) || cameFrom.has(target)) continue;
      cameFrom.set(target, file);
      if (target === start) {
        const route = [start];
        for (let at = file; at !== start; at = cameFrom.get(at)) route.splice(1, 0, at);
        return [...route, start];
      }
      queue.push(target);
    }
  }
  return [start, start];
}

const folders = (process.argv.length > 2 ? process.argv.slice(2) : ['.']).map((folder) => path.resolve(PROJECT_ROOT, folder));
const graph = importGraph(sourceFiles(folders));
const found = circles(graph);
for (const component of found) {
  const route = oneCircle(graph, component).map((file) => path.relative(PROJECT_ROOT, file));
  console.error(`Import circle of ${component.length} file(s): ${route.join(' → ')}`);
}
if (found.length > 0) {
  console.error('Break each circle: move what both sides need into a module that imports neither.');
  process.exit(1);
}
console.info(`No import circles among ${graph.size} modules.`);
