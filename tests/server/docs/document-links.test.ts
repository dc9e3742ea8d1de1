import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../server/config/config.ts';

/**
 * A newcomer finds their way through the repository by its documents: README.md links to
 * ARCHITECTURE.md, docs/ and the folders' READMEs, and those name the files to read. Files move
 * as the code changes, and a link or a path to one that moved leads nowhere.
 */

/** Folders that hold no document of ours: dependencies, builds, local data and test output. */
const NOT_OURS = new Set(['.git', 'node_modules', 'dist', 'out', 'data', 'test-results', 'test-reports']);

function markdownFiles(folder = ''): string[] {
  return readdirSync(path.join(PROJECT_ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return NOT_OURS.has(entry.name) ? [] : markdownFiles(relative);
    return entry.isFile() && entry.name.endsWith('.md') ? [relative] : [];
  });
}

/** The repository's own documents; the blog's posts are the site's content, not documents. */
const documents = markdownFiles().filter((file) => !file.startsWith('content/blog/') || file === 'content/blog/README.md');

const exists = (relative: string) => existsSync(path.join(PROJECT_ROOT, relative));

/** `[text](target)` links to another file of the repository (not a web address, not an anchor on the same page). */
function brokenLinks(document: string): string[] {
  const text = readFileSync(path.join(PROJECT_ROOT, document), 'utf8');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map(([, target = '']) => target)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target) && !target.startsWith('#'))
    .filter((target) => !exists(path.posix.join(path.posix.dirname(document), target.split('#')[0] ?? '')));
}

/** The top-level folders whose files the documents name by their path from the repository's root. */
const REPOSITORY_PATH = /^(?:server|src-web|src-shared|src-desktop|tests|bench|scripts|content|docs|\.ci)\//;

/**
 * Paths from the repository's root written as code (`server/app.ts`), minus patterns with a
 * placeholder in them (`server/features/<feature>/routes.ts`, `content/marketing/*.json`).
 */
function missingPaths(document: string): string[] {
  const text = readFileSync(path.join(PROJECT_ROOT, document), 'utf8');
  return [...text.matchAll(/`([^`\s]+)`/g)]
    .map(([, code = '']) => code.replace(/[.,:;]+$/, ''))
    .filter((code) => REPOSITORY_PATH.test(code) && !/[<>*{}…]/.test(code))
    .filter((code) => !exists(code));
}

describe("the repository's documents", () => {
  it('are found', () => {
    expect(documents).toEqual(
      expect.arrayContaining(['README.md', 'ARCHITECTURE.md', 'docs/configuration.md', 'server/README.md']),
    );
  });

  it.each(documents)('%s links only to files that exist', (document) => {
    expect(brokenLinks(document)).toEqual([]);
  });

  // bench/HISTORY.md, the journal of measurements, may name a file of its time.
  it.each(documents.filter((document) => document !== 'bench/HISTORY.md'))('%s names only paths that exist', (document) => {
    expect(missingPaths(document)).toEqual([]);
  });
});
