/**
 * The contact form and mail delivery on this machine, embedded database (PGlite):
 * - POST /api/contact through the real server over HTTP (each a transaction storing the
 *   message, its lead and its mail): median and p95 latency, requests per second;
 * - the delivery worker sending queued mail to a real SMTP peer on 127.0.0.1: mails per second.
 * Run: npm run bench contact
 */
import pino from 'pino';
import { createDeliveryWorker } from '../../server/mail/delivery-worker.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { createSmtpTransport } from '../../server/mail/transports.ts';
import { startSmtpPeer } from '../../tests/support/smtp-peer.ts';
import { startTestServer } from '../../tests/support/test-server.ts';

const REQUESTS = 400;
const CONCURRENCY = 8;
const MAILS = 300;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

async function contactEndpoint(): Promise<void> {
  const server = await startTestServer({ env: { CONTACT_RATE_LIMIT_MAX: String(REQUESTS * 2) } });
  try {
    const send = (i: number) =>
      server.fetch('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Visitor ${i}`,
          email: `visitor${i}@example.com`,
          subject: 'Bench',
          message: 'x'.repeat(400),
        }),
      });
    for (let i = 0; i < 20; i += 1) await (await send(-i)).arrayBuffer(); // warm-up
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const i = next++;
          const t0 = performance.now();
          const response = await send(i);
          await response.arrayBuffer();
          if (response.status !== 201) throw new Error(`request ${i} answered ${response.status}`);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      `POST /api/contact, ${REQUESTS} requests, ${CONCURRENCY} at a time: median ${percentile(latencies, 50).toFixed(1)} ms, ` +
        `p95 ${percentile(latencies, 95).toFixed(1)} ms, ${(REQUESTS / seconds).toFixed(0)} requests/s`,
    );
  } finally {
    await server.close();
  }
}

async function smtpDelivery(): Promise<void> {
  const peer = await startSmtpPeer();
  const server = await startTestServer();
  const db = server.app.database.db;
  const log = pino({ level: 'silent' });
  try {
    const mailer = createMailer({ db, log, deliveryConfigured: true });
    for (let i = 0; i < MAILS; i += 1) {
      await mailer.enqueue({ to: `team${i}@hireassist.example`, subject: `Message ${i}`, text: 'Hello', kind: 'bench' });
    }
    const worker = createDeliveryWorker({
      db,
      transport: createSmtpTransport({ url: peer.url, from: 'bench@hireassist.example' }),
      log,
      options: { batchSize: 25 },
    });
    const started = performance.now();
    let sent = 0;
    while (sent < MAILS) sent += await worker.runOnce();
    const seconds = (performance.now() - started) / 1000;
    await worker.stop();
    console.log(
      `SMTP delivery of ${MAILS} queued mails (pooled SMTP connections, batches of 25): ${(MAILS / seconds).toFixed(0)} mails/s, ` +
        `${peer.received.length} received by the peer`,
    );
  } finally {
    await server.close();
    await peer.stop();
  }
}

await contactEndpoint();
await smtpDelivery();
