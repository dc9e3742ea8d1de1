import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Options } from '@node-rs/argon2';

export type PasswordJob =
  { kind: 'verify'; hash: string; password: string } | { kind: 'hash'; password: string; options: Options };

/** What password-thread.mjs answers for each job of a batch. */
type JobResult = { value: string | boolean } | { error: string };

interface Queued {
  job: PasswordJob;
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

/**
 * The most jobs a thread takes at once. A batch's answers go back together, so this bounds how
 * long a finished check can wait for its batch: 16 hashes, about 0.15 s on one core.
 */
const MAX_BATCH = 16;

// A path, not `new URL(…, import.meta.url)`, which Vite rewrites as an asset in the web tests.
const THREAD_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'password-thread.mjs');

const closedError = () => new Error('The password threads are closed');

export interface PasswordThreads {
  run(job: PasswordJob): Promise<string | boolean>;
  /** Stops the threads; jobs not yet answered fail. */
  close(): Promise<void>;
}

/**
 * argon2id on `count` threads of their own, one hash at a time each (memory-hard hashes running
 * side by side on one core evict each other's 19 MiB from the caches), in batches.
 *
 * Why batches: under load, each answer used to reach the event loop alone, right after a
 * 19 MiB hash had emptied the caches, so the request work around every sign-in ran cold; it
 * costs three to four times what the same work costs back to back. A thread now takes every
 * queued job (up to MAX_BATCH) and sends their answers in one message, so the sign-ins' own
 * work runs together and warm while the next batch hashes. A request that finds a thread free
 * is a batch of one and waits for nothing; under load an answer may wait for the rest of its
 * batch, but the queue moves faster. Sign-ins on one core (bench/identity, three alternating
 * pairs of runs): medians of 0.79 to 0.83 of the raw argon2id rate in batches, 0.76 to 0.77 one
 * answer at a time, with lower median latency.
 *
 * `file` is the thread's code: password-thread.mjs unless a test gives another.
 */
export function startPasswordThreads(count: number, file = THREAD_FILE): PasswordThreads {
  const queue: Queued[] = [];
  const idle: Worker[] = [];
  const batches = new Map<Worker, Queued[]>();
  let closed = false;
  /** Set when a thread died before ever answering: starting another would die the same way. */
  let broken: Error | undefined;
  /** Threads running, idle or busy. */
  let running = 0;

  const pump = () => {
    // Threads beyond the first start when work waits for one: each holds an isolate of its
    // own and argon2's freed 19 MiB (about 12 MB resident when idle), which an idle server,
    // or one that never sees two sign-ins at once, does not need.
    while (queue.length > 0 && idle.length === 0 && running < count && !closed && !broken) start();
    while (queue.length > 0 && idle.length > 0) {
      const thread = idle.pop() as Worker;
      // Shared out when several threads are free, so one does not take what others could run.
      const batch = queue.splice(0, Math.min(MAX_BATCH, Math.ceil(queue.length / count)));
      batches.set(thread, batch);
      // Held open while it works (a script awaiting a hash must not exit), let go when idle.
      thread.ref();
      thread.postMessage(batch.map(({ job }) => job));
    }
  };

  const start = () => {
    // Plain JavaScript: none of the process's loaders or probes (--import) are needed in it.
    const thread = new Worker(file, { execArgv: [] });
    running++;
    let answered = false;
    thread.unref();
    thread.on('message', (results: JobResult[]) => {
      answered = true;
      const batch = batches.get(thread) ?? [];
      batches.delete(thread);
      thread.unref();
      idle.push(thread);
      // The next batch starts hashing before this one's requests go on.
      pump();
      batch.forEach((queued, index) => {
        const result = results[index];
        if (result === undefined) queued.reject(new Error('The password thread gave no answer'));
        else if ('error' in result) queued.reject(new Error(result.error));
        else queued.resolve(result.value);
      });
    });
    // An error that escapes the thread ends it; 'exit' below cleans up and names it.
    let failure = '';
    thread.on('error', (error) => {
      failure = `: ${error.message}`;
    });
    thread.on('exit', (code) => {
      running--;
      const stopped = new Error(`The password thread stopped (exit code ${code})${failure}`);
      for (const queued of batches.get(thread) ?? []) queued.reject(stopped);
      batches.delete(thread);
      const idleAt = idle.indexOf(thread);
      if (idleAt >= 0) idle.splice(idleAt, 1);
      if (closed) return;
      if (answered) {
        start();
        pump();
        return;
      }
      broken = stopped;
      for (const queued of queue.splice(0)) queued.reject(stopped);
    });
    idle.push(thread);
  };

  // One at once, so a thread that cannot start fails the first job (createPasswordHasher's
  // start-up hash) rather than a sign-in under load.
  start();

  return {
    run(job) {
      if (closed) return Promise.reject(closedError());
      if (broken) return Promise.reject(broken);
      return new Promise((resolve, reject) => {
        queue.push({ job, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      const closing = closedError();
      for (const queued of queue.splice(0)) queued.reject(closing);
      await Promise.all([...idle, ...batches.keys()].map((thread) => thread.terminate()));
    },
  };
}
