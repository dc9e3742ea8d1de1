import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { setupContentSecurity } from '../../src-desktop/main/security.ts';
import type { SettingsStore } from '../../src-desktop/main/settings.ts';
import { mainWindowOptions, rendererUrl, setupMainWindow } from '../../src-desktop/main/window.ts';
import { app, BrowserWindow, session, shell } from './support/electron-mock.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

/** The directives of the renderer's CSP meta tag, as a map of directive → sources. */
async function rendererCsp(): Promise<Map<string, string[]>> {
  const html = await readFile('src-desktop/renderer/index.html', 'utf8');
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html);
  if (!meta?.[1]) throw new Error('src-desktop/renderer/index.html has no Content-Security-Policy meta tag');
  return new Map(
    meta[1]
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe("Electron's security checklist (electron mocked)", () => {
  it('the window keeps contextIsolation and the sandbox on, Node off, webSecurity on, no experimental features', () => {
    const { webPreferences } = mainWindowOptions(null);
    expect(webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
    });
    expect(webPreferences).not.toHaveProperty('enableBlinkFeatures');
    expect(webPreferences?.preload).toMatch(/preload[\\/]index\.cjs$/);
  });

  it('the window loads the renderer from the app:// scheme, never file:// (the dev server only under electron-vite dev)', () => {
    const settings = { bounds: () => null } as unknown as SettingsStore;
    setupMainWindow(settings, rendererUrl());
    expect(BrowserWindow.created.at(-1)?.loaded).toBe('app://console/index.html');
    expect(rendererUrl({}).href).toBe('app://console/index.html');
    expect(rendererUrl({ ELECTRON_RENDERER_URL: 'http://localhost:5173/' }).href).toBe('http://localhost:5173/');
  });

  it('the renderer HTML has a strict CSP: self only, no objects, scripts without unsafe-*', async () => {
    const csp = await rendererCsp();
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // Without its own directive, script-src falls back to default-src.
    const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
    expect(scripts).toContain("'self'");
    expect(scripts.filter((source) => source.startsWith("'unsafe-"))).toEqual([]);
    // No remote origin anywhere (the server's API is reached through main only); inline data: images at most.
    for (const [directive, sources] of csp) {
      for (const source of sources) {
        if (directive === 'img-src' && source === 'data:') continue;
        expect(source, `${directive} ${source}`).toMatch(/^'(self|none|unsafe-inline)'$/);
      }
    }
    expect(csp.get('style-src') ?? []).not.toContain("'unsafe-eval'");
  });

  it('denies navigation, <webview>, new windows and every permission request', () => {
    setupContentSecurity(rendererUrl());
    const listeners = new Map<string, (event: { preventDefault(): void }) => void>();
    let openHandler: ((details: { url: string }) => { action: string }) | undefined;
    const contents = {
      on: (name: string, listener: (event: { preventDefault(): void }) => void) => listeners.set(name, listener),
      setWindowOpenHandler: (handler: typeof openHandler) => {
        openHandler = handler;
      },
    };
    // What Electron does for every window, webview or devtools it creates: call main's listener.
    const created = app.on.mock.calls.filter(([name]) => name === 'web-contents-created');
    expect(created).toHaveLength(1);
    const [, onCreated] = created[0] as unknown as [string, (event: unknown, contents: unknown) => void];
    onCreated({}, contents);

    expect([...listeners.keys()].sort()).toEqual(['will-attach-webview', 'will-navigate', 'will-redirect']);
    expect(openHandler).toBeDefined();
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      const event = { preventDefault: vi.fn() };
      listeners.get(name)?.(event);
      expect(event.preventDefault, name).toHaveBeenCalled();
    }
    expect(openHandler?.({ url: 'https://hireassist.example/' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledWith('https://hireassist.example/');
    expect(openHandler?.({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(shell.openExternal).toHaveBeenCalledTimes(1);

    const [requestHandler] = session.defaultSession.setPermissionRequestHandler.mock.calls[0] as [
      (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
    ];
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read']) {
      const callback = vi.fn();
      requestHandler(null, permission, callback);
      expect(callback, permission).toHaveBeenCalledWith(false);
    }
    const [checkHandler] = session.defaultSession.setPermissionCheckHandler.mock.calls[0] as [() => boolean];
    expect(checkHandler()).toBe(false);
  });

  it('the packaged app has the fuses set: no RunAsNode, NODE_OPTIONS or inspect, asar integrity and asar-only, no file:// privileges', async () => {
    const config = parse(await readFile('electron-builder.yml', 'utf8')) as {
      electronFuses: Record<string, boolean>;
      files: string[];
      linux: { target: string[] };
      mac: { target: string[] };
      win: { target: string[] };
    };
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // Nothing is loaded over file://, so pages there get no privileges beyond a browser's.
      grantFileProtocolExtraPrivileges: false,
    });
    expect(config.files).toEqual(['out/desktop/**/*', 'package.json']);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
  });
});
