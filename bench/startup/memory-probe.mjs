/**
 * Preloaded into the compiled server by bench/startup/idle-memory.ts (`--expose-gc --import`
 * this file; plain JavaScript, as the compiled server runs without tsx): on SIGUSR2 it collects
 * garbage and prints `process.memoryUsage()` as one JSON line on stderr, and with
 * HEAP_SNAPSHOT_DIR set it writes a heap snapshot there first, to see where the memory goes.
 *
 * `rss` is read SETTLE_MS (1,000) after the collection, `rssAtGc` the moment it returns. A full
 * collection may shrink the young generation, but V8 hands the freed pages back to the system
 * on a background thread a few hundred milliseconds later: read at once, the RSS still counted
 * them (about 30 MB on PostgreSQL). An idle server left alone gets there by itself: its RSS fell
 * from 160 to 121 MB after about 30 s without work (V8's memory reducer).
 */
import { writeHeapSnapshot } from 'node:v8';
import path from 'node:path';

const SETTLE_MS = Number(process.env.SETTLE_MS ?? 1000);

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  const rssAtGc = process.memoryUsage.rss();
  setTimeout(() => {
    // Read before the snapshot: writing one grows the process by tens of megabytes.
    const memory = process.memoryUsage();
    const dir = process.env.HEAP_SNAPSHOT_DIR;
    const snapshot = dir ? writeHeapSnapshot(path.join(dir, `server-${process.pid}-${Date.now()}.heapsnapshot`)) : undefined;
    process.stderr.write(`${JSON.stringify({ memoryProbe: { ...memory, rssAtGc, snapshot } })}\n`);
  }, SETTLE_MS);
});
