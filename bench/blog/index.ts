/**
 * The blog API with the built-in store (embedded PGlite, the 15 posts of content/blog), over
 * real HTTP on 127.0.0.1 with autocannon: requests per second and p99 latency of
 * GET /api/storychief/stories for the web app's list request (50 per page) and a small page,
 * and of the static SEO page. Three 8-second runs each; the median run is reported.
 * Run: npm run bench blog
 */
import { createRequire } from 'node:module';
import { startTestServer } from '../../tests/support/test-server.ts';

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: { url: string; connections: number; duration: number }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const RUNS = 3;
const SECONDS = 8;
const CONNECTIONS = 10;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const server = await startTestServer({ env: { ADMIN_PASSWORD: 'bench-admin-password' } });
try {
  for (const path of [
    '/api/storychief/stories?page=1&per_page=50&status=published',
    '/api/storychief/stories?page=1&per_page=10',
    '/blog/structured-interviews-guide.html',
  ]) {
    await autocannon({ url: `${server.url}${path}`, connections: CONNECTIONS, duration: 2 }); // warm-up
    const runs: AutocannonResult[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await autocannon({ url: `${server.url}${path}`, connections: CONNECTIONS, duration: SECONDS });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      runs.push(result);
    }
    const bytes = (await (await server.fetch(path)).arrayBuffer()).byteLength;
    console.log(
      `GET ${path} (${(bytes / 1024).toFixed(1)} KB), ${CONNECTIONS} connections, ${RUNS}×${SECONDS} s: ` +
        `${median(runs.map((r) => r.requests.average)).toFixed(0)} requests/s (runs ${runs.map((r) => r.requests.average.toFixed(0)).join(', ')}), ` +
        `median ${median(runs.map((r) => r.latency.p50))} ms, p99 ${median(runs.map((r) => r.latency.p99))} ms`,
    );
  }
} finally {
  await server.close();
}
