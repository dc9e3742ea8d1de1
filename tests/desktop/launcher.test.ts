import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildEnvironment, ELECTRON_MISSING, locateElectron, type ElectronProbe } from '../../src-desktop/launch/desktop.ts';

const run = promisify(execFile);

function probe(overrides: Partial<ElectronProbe>): ElectronProbe {
  return { loadElectron: () => '/opt/electron/electron', hasElectronPackage: () => true, exists: () => true, ...overrides };
}

describe('desktop launcher (electron package mocked)', () => {
  it('finds the binary the electron package points to', () => {
    expect(locateElectron(probe({}))).toBe('/opt/electron/electron');
  });

  it('reports no binary when the package is absent, its download never ran, or the file is gone', () => {
    const notInstalled = () => {
      throw new Error("Cannot find module 'electron'");
    };
    const downloadSkipped = () => {
      throw new Error('Electron failed to install correctly, please delete node_modules/electron and try installing again');
    };
    expect(locateElectron(probe({ loadElectron: notInstalled }))).toBeNull();
    expect(locateElectron(probe({ loadElectron: downloadSkipped }))).toBeNull();
    expect(locateElectron(probe({ exists: () => false }))).toBeNull();
  });

  it('tells electron-vite the Electron major version only when the package is absent', () => {
    expect(buildEnvironment({ PATH: '/bin' }, probe({ hasElectronPackage: () => false }))).toEqual({
      PATH: '/bin',
      ELECTRON_MAJOR_VER: '41',
    });
    expect(buildEnvironment({ PATH: '/bin' }, probe({}))).toEqual({ PATH: '/bin' });
  });
});

describe('npm run desktop without the Electron binary (real launcher process)', () => {
  it('prints one sentence with the fix and exits non-zero, no stack trace', async () => {
    // Electron's own override variable points at a folder with no binary, as on these machines.
    const failure = await run(process.execPath, ['--import', 'tsx', 'src-desktop/launch/desktop.ts', 'start'], {
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: '/nonexistent-electron-dist' },
    }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toBe('');
    expect(failure?.stderr.trim()).toBe(ELECTRON_MISSING);
    // One sentence: a single full stop, at the end.
    expect(ELECTRON_MISSING.split(/\.\s/)).toHaveLength(1);
    expect(ELECTRON_MISSING.endsWith('.')).toBe(true);
    expect(ELECTRON_MISSING).toContain('npm install electron');
  });
});
