import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: 'test-reports/vitest.json' }]],
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          // Each file starts its own server and database; files run in parallel, tests in a file in order.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { AWS_EC2_METADATA_DISABLED: 'true' },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          // Components talking to a real server share two cores with it.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
