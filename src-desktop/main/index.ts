import path from 'node:path';
import { app, BrowserWindow } from 'electron';

/** The operator console's window, with Electron's security defaults kept on. */
function createWindow(): void {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'HireAssist Console',
    webPreferences: {
      preload: path.join(import.meta.dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  void window.loadFile(path.join(import.meta.dirname, '../renderer/index.html'));
}

void app.whenReady().then(createWindow);
app.on('window-all-closed', () => app.quit());
