/**
 * Preloaded into the compiled server by bench/startup/idle-memory.ts (`--expose-gc --import`
 * this file; plain JavaScript, as the compiled server runs without tsx): on SIGUSR2 it collects
 * garbage and prints `process.memoryUsage()` as one JSON line on stderr, and with
 * HEAP_SNAPSHOT_DIR set it writes a heap snapshot there first, to see where the memory goes.
 */
import { writeHeapSnapshot } from 'node:v8';
import path from 'node:path';

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  // Read before the snapshot: writing one grows the process by tens of megabytes.
  const memory = process.memoryUsage();
  const dir = process.env.HEAP_SNAPSHOT_DIR;
  const snapshot = dir ? writeHeapSnapshot(path.join(dir, `server-${process.pid}-${Date.now()}.heapsnapshot`)) : undefined;
  process.stderr.write(`${JSON.stringify({ memoryProbe: { ...memory, snapshot } })}\n`);
});
