import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

/**
 * The desktop operator console: main process, preload bridge (one bundled file, so the
 * renderer's sandbox can stay on) and the renderer, which reuses src-shared's screens.
 * Without the electron package installed, set ELECTRON_MAJOR_VER=41 to build.
 */
export default defineConfig({
  main: {
    build: { outDir: 'out/desktop/main', lib: { entry: 'src-desktop/main/index.ts' } },
  },
  preload: {
    build: {
      outDir: 'out/desktop/preload',
      lib: { entry: 'src-desktop/preload/index.ts' },
      rollupOptions: { output: { format: 'cjs', inlineDynamicImports: true } },
    },
  },
  renderer: {
    root: 'src-desktop/renderer',
    plugins: [react()],
    build: { outDir: 'out/desktop/renderer', rollupOptions: { input: 'src-desktop/renderer/index.html' } },
  },
});
