import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

/**
 * The desktop operator console: main process, preload bridge (one bundled CommonJS file, so
 * the renderer's sandbox can stay on) and the renderer, which reuses src-shared's screens.
 * Build with `npm run desktop:build`, which sets ELECTRON_MAJOR_VER=41 when the electron
 * package is absent.
 */
export default defineConfig({
  main: {
    build: {
      outDir: 'out/desktop/main',
      lib: { entry: 'src-desktop/main/index.ts' },
      // keytar is a native optional dependency: loaded at run time, never bundled.
      rollupOptions: { external: ['keytar'] },
    },
  },
  preload: {
    build: {
      outDir: 'out/desktop/preload',
      lib: { entry: 'src-desktop/preload/index.ts' },
      rollupOptions: { output: { format: 'cjs', entryFileNames: 'index.cjs', codeSplitting: false } },
    },
  },
  renderer: {
    root: 'src-desktop/renderer',
    plugins: [react()],
    build: { outDir: 'out/desktop/renderer', rollupOptions: { input: 'src-desktop/renderer/index.html' } },
  },
});
