import type { ConsoleBridge } from '../contract/bridge.ts';
import type { Platform } from '../../src-shared/domain/platform.ts';

/** The shared screens' Platform in the console: main's native save dialog and the system browser. */
export function bridgePlatform(bridge: ConsoleBridge): Platform {
  return {
    saveFile: (file) => bridge.saveFile(file),
    openExternal: (url) => bridge.openExternal(url),
  };
}
