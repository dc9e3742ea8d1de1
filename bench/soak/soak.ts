import http from 'node:http';

export interface SoakOptions {
  /** The server under load: a loopback URL. */
  url: string;
  seconds: number;
  /** Requests started per second, evenly paced. */
  ratePerSecond: number;
  /** A valid admin bearer token, for the admin part of the mix. */
  adminToken: string;
  /** The server's memory after a garbage collection. */
  memoryAfterGc(): Promise<{ rss: number; heapUsed: number }>;
  /** Receives a progress line now and then. */
  log?: (line: string) => void;
}

export interface SoakReport {
  requests: number;
  errors: number;
  /** A few examples of what went wrong. */
  errorSamples: string[];
  p50Ms: number;
  p99Ms: number;
  rssStart: number;
  rssEnd: number;
  rssDriftPercent: number;
  heapStart: number;
  heapEnd: number;
  heapDriftPercent: number;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Bounds the run whatever the caller asks: load stays on this machine and ends. */
export const SOAK_MAX_SECONDS = 600;

type Step = { method: string; path: string; body?: unknown; admin?: boolean; expect: number };

/** The mix a visitor and an operator make: pages, API reads, contact messages (good and bad), admin reads. */
function mix(sequence: number): Step {
  const tag = `soak-${process.pid}-${sequence}`;
  const steps: Step[] = [
    { method: 'GET', path: '/api/health', expect: 200 },
    { method: 'GET', path: '/api/config', expect: 200 },
    { method: 'GET', path: '/', expect: 200 },
    { method: 'GET', path: '/api/storychief/stories?per_page=5', expect: 200 },
    { method: 'GET', path: '/sitemap.xml', expect: 200 },
    {
      method: 'POST',
      path: '/api/contact',
      body: { name: 'Soak', email: `${tag}@example.com`, message: `Soak ${tag}` },
      expect: 201,
    },
    { method: 'POST', path: '/api/contact', body: { name: '', email: 'not-an-email', message: '' }, expect: 400 },
    { method: 'GET', path: '/api/admin/leads', admin: true, expect: 200 },
    { method: 'GET', path: '/no-such-page', expect: 404 },
  ];
  return steps[sequence % steps.length] as Step;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** Steady mixed load for `seconds`, then the figures: errors, latency, memory drift after GC. */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const target = new URL(options.url);
  if (!LOOPBACK.has(target.hostname)) throw new Error(`soak runs against loopback only, not ${target.hostname}`);
  const seconds = Math.min(Math.max(1, options.seconds), SOAK_MAX_SECONDS);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;

  const send = (step: Step) =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const body = step.body === undefined ? undefined : JSON.stringify(step.body);
      const fail = (why: string) => {
        errors += 1;
        if (errorSamples.length < 10) errorSamples.push(`${step.method} ${step.path}: ${why}`);
        resolve();
      };
      const request = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method: step.method,
          path: step.path,
          headers: {
            ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
            ...(step.admin ? { authorization: `Bearer ${options.adminToken}` } : {}),
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - started);
            if (response.statusCode !== step.expect) fail(`status ${response.statusCode}, expected ${step.expect}`);
            else resolve();
          });
        },
      );
      request.setTimeout(10_000, () => request.destroy(new Error('no answer within 10 s')));
      request.on('error', (error) => fail(error.message));
      request.end(body);
    });

  // A warm-up, so start-up allocations and first compilations do not count as drift.
  const warmupMs = Math.min(10_000, (seconds * 1000) / 5);
  const interval = 1000 / options.ratePerSecond;
  const startedAt = performance.now();
  const inFlight = new Set<Promise<void>>();
  let start: { rss: number; heapUsed: number } | undefined;
  let sequence = 0;
  let lastLog = startedAt;
  while (performance.now() - startedAt < seconds * 1000) {
    if (start === undefined && performance.now() - startedAt >= warmupMs) {
      await Promise.all(inFlight);
      start = await options.memoryAfterGc();
      latencies.length = 0;
    }
    const due = startedAt + sequence * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const pending = send(mix(sequence));
    inFlight.add(pending);
    void pending.finally(() => inFlight.delete(pending));
    sequence += 1;
    if (performance.now() - lastLog > 10_000) {
      lastLog = performance.now();
      options.log?.(`  ${Math.round((lastLog - startedAt) / 1000)} s: ${sequence} requests, ${errors} errors`);
    }
  }
  await Promise.all(inFlight);
  const end = await options.memoryAfterGc();
  agent.destroy();
  const first = start ?? end;
  const sorted = [...latencies].sort((a, b) => a - b);
  const drift = (from: number, to: number) => ((to - from) / from) * 100;
  return {
    requests: sequence,
    errors,
    errorSamples,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    rssStart: first.rss,
    rssEnd: end.rss,
    rssDriftPercent: drift(first.rss, end.rss),
    heapStart: first.heapUsed,
    heapEnd: end.heapUsed,
    heapDriftPercent: drift(first.heapUsed, end.heapUsed),
  };
}

export function formatSoakReport(report: SoakReport, seconds: number, rate: number): string {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return [
    `soak: ${seconds} s at ${rate} req/s (mixed), ${report.requests} requests, ${report.errors} errors`,
    `  latency p50 ${report.p50Ms.toFixed(1)} ms, p99 ${report.p99Ms.toFixed(1)} ms`,
    `  RSS after GC: ${mb(report.rssStart)} → ${mb(report.rssEnd)} (drift ${report.rssDriftPercent.toFixed(1)} %)`,
    `  heap after GC: ${mb(report.heapStart)} → ${mb(report.heapEnd)} (drift ${report.heapDriftPercent.toFixed(1)} %)`,
    ...report.errorSamples.map((sample) => `  error: ${sample}`),
  ].join('\n');
}
