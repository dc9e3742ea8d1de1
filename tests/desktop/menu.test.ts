import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../src-desktop/contract/bridge.ts';
import { setupMenu } from '../../src-desktop/main/menu.ts';
import { Menu } from './support/electron-mock.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

describe('application menu (electron mocked)', () => {
  it('has the six screens on CmdOrCtrl+1…6 that tell the renderer, Reload, and the Edit and Window roles', () => {
    const send = vi.fn();
    setupMenu({ webContents: { send } } as unknown as Parameters<typeof setupMenu>[0]);
    const template = Menu.buildFromTemplate.mock.calls[0]?.[0] as MenuItemConstructorOptions[];
    expect(Menu.setApplicationMenu).toHaveBeenCalled();

    const view = template.find((item) => item.label === 'View');
    const items = (view?.submenu ?? []) as MenuItemConstructorOptions[];
    const screens = items.filter((item) => item.accelerator);
    expect(screens.map((item) => [item.label, item.accelerator])).toEqual([
      ['Leads', 'CmdOrCtrl+1'],
      ['Users', 'CmdOrCtrl+2'],
      ['Blog HTML', 'CmdOrCtrl+3'],
      ['Audit log', 'CmdOrCtrl+4'],
      ['Outbox', 'CmdOrCtrl+5'],
      ['Affiliate applications', 'CmdOrCtrl+6'],
    ]);
    for (const item of screens) item.click?.(undefined as never, undefined, undefined as never);
    expect(send.mock.calls).toEqual(
      ['leads', 'users', 'blog', 'audit', 'outbox', 'applications'].map((screen) => [IPC_CHANNELS.showScreen, screen]),
    );
    expect(items.some((item) => item.role === 'reload')).toBe(true);
    expect(template.map((item) => item.role)).toEqual(expect.arrayContaining(['editMenu', 'windowMenu']));
  });
});
