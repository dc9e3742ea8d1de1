import { Menu, type BrowserWindow, type MenuItemConstructorOptions } from 'electron';
import { CONSOLE_SCREEN_LABELS, CONSOLE_SCREENS, IPC_CHANNELS, type ConsoleScreen } from '../contract/bridge.ts';

/** The menu: the six screens on CmdOrCtrl+1…6, Reload, and the platform's Edit and Window menus. */
function menuTemplate(showScreen: (screen: ConsoleScreen) => void, platform = process.platform): MenuItemConstructorOptions[] {
  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' } as const] : [{ role: 'fileMenu' } as const]),
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [
        ...CONSOLE_SCREENS.map((screen, index): MenuItemConstructorOptions => ({
          label: CONSOLE_SCREEN_LABELS[screen],
          accelerator: `CmdOrCtrl+${index + 1}`,
          click: () => showScreen(screen),
        })),
        { type: 'separator' },
        { role: 'reload' },
      ],
    },
    { role: 'windowMenu' },
  ];
}

export function setupMenu(window: BrowserWindow): void {
  const template = menuTemplate((screen) => window.webContents.send(IPC_CHANNELS.showScreen, screen));
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}
