import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The jsdom run of bench/blog-html (index.ts starts it): the web tests' environment, one file, its figures printed. */
export default defineConfig({
  plugins: [react()],
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['bench/blog-html/*.measure.tsx'],
    environment: 'jsdom',
    setupFiles: ['tests/web/setup.ts'],
    env: { AWS_EC2_METADATA_DISABLED: 'true' },
    testTimeout: 600_000,
    hookTimeout: 120_000,
    reporters: ['dot'],
  },
});
