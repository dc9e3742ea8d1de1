import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { CONSOLE_SCREEN_LABELS, CONSOLE_SCREENS, IPC_CHANNELS } from '../../src-desktop/contract/bridge.ts';
import { setupMenu } from '../../src-desktop/main/menu.ts';
import { Menu } from './support/electron-mock.ts';

vi.mock('electron', () => import('./support/electron-mock.ts'));

describe('application menu (electron mocked)', () => {
  it('names the six screens as the side navigation does (one table in the contract)', () => {
    setupMenu({ webContents: { send: vi.fn() } } as unknown as Parameters<typeof setupMenu>[0]);
    const template = Menu.buildFromTemplate.mock.lastCall?.[0] as MenuItemConstructorOptions[];
    const view = template.find((item) => item.label === 'View');
    const labels = ((view?.submenu ?? []) as MenuItemConstructorOptions[])
      .filter((item) => item.accelerator)
      .map((item) => item.label);
    expect(labels).toEqual(CONSOLE_SCREENS.map((screen) => CONSOLE_SCREEN_LABELS[screen]));
  });

  it('has the six screens on CmdOrCtrl+1…6 that tell the renderer, Reload, and the Edit and Window roles', () => {
    const send = vi.fn();
    setupMenu({ webContents: { send } } as unknown as Parameters<typeof setupMenu>[0]);
    const template = Menu.buildFromTemplate.mock.lastCall?.[0] as MenuItemConstructorOptions[];
    expect(Menu.setApplicationMenu).toHaveBeenCalled();

    const view = template.find((item) => item.label === 'View');
    const items = (view?.submenu ?? []) as MenuItemConstructorOptions[];
    const screens = items.filter((item) => item.accelerator);
    expect(screens.map((item) => [item.label, item.accelerator])).toEqual([
      ['Leads', 'CmdOrCtrl+1'],
      ['Users', 'CmdOrCtrl+2'],
      ['Blog pages', 'CmdOrCtrl+3'],
      ['Audit log', 'CmdOrCtrl+4'],
      ['Mail outbox', 'CmdOrCtrl+5'],
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
