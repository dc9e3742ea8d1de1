import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, PROJECT_ROOT } from '../../../server/config/config.ts';

/**
 * An operator learns the server's settings from `.env.example` (every variable, with an example)
 * and from the tables of docs/configuration.md and docs/identity.md (what each one means). Both
 * drifted from the code before: a variable the server reads but neither names is a setting
 * nobody can find, and one they name that nothing reads is a setting that silently does nothing.
 */

/**
 * The names the server's configuration asks the environment for. Every variable is read through
 * loadConfig (server/config/config.ts and the config.ts of each part it calls), so this asks it
 * and records each name it looks up, instead of trusting a hand-kept list. Some names are read
 * only when another is set (AWS_ACCESS_KEY_ID with an AWS pool) or unset (the embedded pool's
 * providers), so it reads three environments: nothing set, everything set, and everything but
 * the AWS pool.
 */
function variablesTheServerReads(): string[] {
  const names = new Set<string>();
  const environment = (valueOf: (name: string) => string | undefined) =>
    new Proxy<Record<string, string | undefined>>(
      {},
      {
        get(_target, name) {
          if (typeof name !== 'string') return undefined;
          names.add(name);
          return valueOf(name);
        },
      },
    );
  const settings = [() => undefined, () => 'set', (name: string) => (name.startsWith('COGNITO_') ? undefined : 'set')];
  for (const valueOf of settings) {
    try {
      loadConfig(environment(valueOf));
    } catch {
      // 'set' is no valid port, URL or number: the names it asked for are what counts here.
    }
  }
  return [...names].sort();
}

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), 'utf8');

/** Each `NAME=` line of .env.example, commented out or not. */
function variablesInEnvExample(): string[] {
  return [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map(([, name]) => name ?? '').sort();
}

/** The variables the reference documents' tables describe: each `NAME` in a row's first cell. */
function variablesInReference(): string[] {
  const rows = ['docs/configuration.md', 'docs/identity.md']
    .flatMap((file) => read(file).split('\n'))
    .filter((line) => line.startsWith('| `'));
  const firstCells = rows.map((row) => row.split('|')[1] ?? '');
  return [
    ...new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map(([, name]) => name ?? ''))),
  ].sort();
}

describe('the configuration documents', () => {
  it('.env.example lists every variable the server reads, and no other', () => {
    expect(variablesInEnvExample()).toEqual(variablesTheServerReads());
  });

  it('the reference tables of docs/configuration.md and docs/identity.md describe every variable the server reads, and no other', () => {
    expect(variablesInReference()).toEqual(variablesTheServerReads());
  });
});
