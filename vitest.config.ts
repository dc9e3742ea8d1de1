import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    // Set here rather than in the reporter's options so a run can name its own file on the
    // command line (the keychain run does, not to overwrite the unit run's report).
    outputFile: { json: 'test-reports/vitest.json' },
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
        test: {
          name: 'security',
          environment: 'node',
          include: ['tests/security/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          env: { AWS_EC2_METADATA_DISABLED: 'true' },
        },
      },
      {
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['tests/reliability/**/*.test.ts'],
          // Crash, restart and load runs: one file at a time so they do not starve each other.
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 120_000,
          env: { AWS_EC2_METADATA_DISABLED: 'true' },
        },
      },
      {
        test: {
          name: 'desktop',
          environment: 'node',
          include: ['tests/desktop/**/*.test.ts'],
          exclude: ['tests/desktop/keychain/**'],
          // The IPC test talks to a real server, which shares two cores with everything else.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          env: { AWS_EC2_METADATA_DISABLED: 'true' },
          // electron-store imports `electron`: inlined so it gets the tests' mock of that module.
          server: { deps: { inline: ['electron-store'] } },
        },
      },
      {
        // The real OS keychain: run by `npm run test:keychain` inside a D-Bus session with gnome-keyring.
        test: {
          name: 'keychain',
          environment: 'node',
          include: ['tests/desktop/keychain/**/*.test.ts'],
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
