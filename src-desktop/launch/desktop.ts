import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * `npm run desktop:build` and `npm run desktop`, the same on every OS: builds the console
 * with electron-vite and launches it with the installed Electron, or says in one sentence
 * what to do when the Electron binary is not there.
 */

export const ELECTRON_MISSING =
  'The Electron binary is not installed, so the console cannot start here: install the dependencies on a machine with normal internet access (for example `npm install electron`) and run `npm run desktop` again.';

/** The Electron major version electron-vite targets when the electron package is absent. */
export const ELECTRON_MAJOR_VERSION = '41';

const ROOT = path.join(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);

export interface ElectronProbe {
  /** What `require('electron')` gives in Node: the binary's path; it throws when the download never happened. */
  loadElectron(): unknown;
  /** Whether the electron package itself is installed. */
  hasElectronPackage(): boolean;
  exists(file: string): boolean;
}

const realProbe: ElectronProbe = {
  loadElectron: () => require('electron'),
  hasElectronPackage() {
    try {
      require.resolve('electron/package.json');
      return true;
    } catch {
      return false;
    }
  },
  exists: existsSync,
};

/** The Electron executable, or null when the package or its downloaded binary is missing. */
export function locateElectron(probe: ElectronProbe = realProbe): string | null {
  let binary: unknown;
  try {
    binary = probe.loadElectron();
  } catch {
    return null;
  }
  return typeof binary === 'string' && probe.exists(binary) ? binary : null;
}

/** The environment for electron-vite: without the electron package it cannot read the version itself. */
export function buildEnvironment(env: NodeJS.ProcessEnv, probe: ElectronProbe = realProbe): NodeJS.ProcessEnv {
  if (probe.hasElectronPackage() || env.ELECTRON_MAJOR_VER) return env;
  return { ...env, ELECTRON_MAJOR_VER: ELECTRON_MAJOR_VERSION };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function build(): Promise<number> {
  const cli = path.join(path.dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
  return run(process.execPath, [cli, 'build'], buildEnvironment(process.env));
}

async function main(command: string | undefined): Promise<number> {
  if (command === 'build') return build();
  if (command !== 'start') {
    console.error('Usage: tsx src-desktop/launch/desktop.ts build|start');
    return 2;
  }
  const electron = locateElectron();
  if (!electron) {
    console.error(ELECTRON_MISSING);
    return 1;
  }
  const built = await build();
  if (built !== 0) return built;
  return run(electron, ['.'], process.env);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main(process.argv[2]).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`The desktop console could not be started: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
