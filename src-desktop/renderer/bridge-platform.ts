import type { ConsoleBridge } from '../contract/bridge.ts';
import type { Platform } from '../../src-shared/domain/platform.ts';

/** The shared screens' Platform in the console: main's native save dialog and the system browser. */
export function bridgePlatform(bridge: ConsoleBridge): Platform {
  return {
    async saveExport(request, onProgress, signal) {
      const unsubscribe = onProgress ? bridge.onExportProgress(onProgress) : () => undefined;
      const cancel = () => void bridge.cancelExport();
      signal?.addEventListener('abort', cancel);
      try {
        return await bridge.saveExport(request);
      } finally {
        signal?.removeEventListener('abort', cancel);
        unsubscribe();
      }
    },
    openExternal: (url) => bridge.openExternal(url),
  };
}
