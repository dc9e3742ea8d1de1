// One password-hashing thread (see password-threads.ts). Plain JavaScript so that every way the
// server runs (tsx, vitest, node) can start it without a TypeScript loader in the thread.
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';

/**
 * A batch of jobs in, their results out in one message, in order: `{ value }` (the hash, or
 * whether the password matched) or `{ error }` (a stored hash argon2 cannot read fails only
 * its own job).
 */
parentPort?.on('message', (jobs) => {
  parentPort?.postMessage(
    jobs.map((job) => {
      try {
        return { value: job.kind === 'verify' ? verifySync(job.hash, job.password) : hashSync(job.password, job.options) };
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
});
