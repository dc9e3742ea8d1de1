/**
 * Preloaded into a server process under test (`--expose-gc --import` this file): on SIGUSR2
 * it collects garbage and prints its memory as one JSON line, so a soak run can compare
 * memory after GC without reaching into the server.
 */
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.stderr.write(`${JSON.stringify({ memoryProbe: { rss, heapUsed } })}\n`);
});
