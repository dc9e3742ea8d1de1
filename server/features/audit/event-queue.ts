import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import { insertEvent, insertEvents, type NewAuditEvent } from './store.ts';

/** The most rows one statement carries; a longer queue is written in several, one after another. */
const MAX_BATCH_ROWS = 200;

interface Pending {
  event: NewAuditEvent;
  resolve: () => void;
  reject: (error: unknown) => void;
}

interface EventQueue {
  /** Queues one event; resolves once its row is committed, rejects with its own row's error. */
  record(event: NewAuditEvent): Promise<void>;
  /** Writes everything queued now and resolves when nothing is queued or being written. */
  flush(): Promise<void>;
}

/**
 * Coalesces concurrent audit inserts into one multi-row statement (a PGlite statement costs
 * about 0.1 ms however small it is; eight rows in one cost 64 µs a row, measured 2026-11-26).
 *
 * One statement is in flight at a time. When none is, the first event schedules a write for
 * the end of this turn of the event loop (`setImmediate`: after every I/O callback of the
 * turn), so an idle server writes at once and the requests read in the same turn share the
 * statement. While one is in flight, events wait for it and the next statement takes them all
 * (up to MAX_BATCH_ROWS) as soon as it finishes: the busier the server, the larger the batch.
 *
 * Each caller still awaits its own row, so an answer is sent only after its event is stored.
 * When a batch fails, its rows are written again one at a time, so only a row the database
 * refuses fails, and only for its own caller.
 */
export function createEventQueue(db: Kysely<Schema>): EventQueue {
  const queue: Pending[] = [];
  let writing = false;
  let scheduled = false;
  let idle: (() => void)[] = [];

  async function write(batch: Pending[]): Promise<void> {
    if (batch.length > 1) {
      try {
        await insertEvents(
          db,
          batch.map((pending) => pending.event),
        );
        for (const pending of batch) pending.resolve();
        return;
      } catch {
        // Nothing of a failed statement is stored: each row again on its own, below.
      }
    }
    for (const pending of batch) {
      try {
        await insertEvent(db, pending.event);
        pending.resolve();
      } catch (error) {
        pending.reject(error);
      }
    }
  }

  async function writeAll(): Promise<void> {
    try {
      while (queue.length > 0) {
        await write(queue.splice(0, MAX_BATCH_ROWS));
      }
    } finally {
      // Synchronously with the last check of the queue: an event queued from now on starts a write.
      writing = false;
      const waiting = idle;
      idle = [];
      for (const resolve of waiting) resolve();
    }
  }

  function start(): void {
    if (writing || queue.length === 0) return;
    writing = true;
    void writeAll();
  }

  return {
    record(event) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ event, resolve, reject });
        if (writing || scheduled) return;
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          start();
        });
      });
    },
    flush() {
      if (!writing && queue.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        idle.push(resolve);
        start();
      });
    },
  };
}
