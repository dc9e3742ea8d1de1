import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { logDestination } from '../../../server/http/log-destination.ts';

/** A file standing in for standard output: its descriptor, and what was written to it. */
let folder = '';
function output(): { fd: number; text: () => string } {
  folder = mkdtempSync(path.join(tmpdir(), 'log-destination-'));
  const file = path.join(folder, 'stdout');
  const fd = openSync(file, 'w');
  return { fd, text: () => readFileSync(file, 'utf8') };
}
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Logs one request line the way the server does (a redacted header) and returns what reached the output. */
async function logOneLine(isTTY: boolean): Promise<{ format: string; text: string }> {
  const { fd, text } = output();
  const destination = await logDestination({ fd, isTTY });
  const log = pino({ level: 'info', redact: ['req.headers.authorization'] }, destination.stream);
  log.info({ req: { method: 'GET', url: '/api/config', headers: { authorization: 'Bearer SECRET-1' } } }, 'request completed');
  await new Promise<void>((resolve, reject) => destination.flush((error) => (error ? reject(error) : resolve())));
  closeSync(fd);
  return { format: destination.format, text: text() };
}

describe('the log follows its output: readable in a terminal, JSON elsewhere', () => {
  it('a terminal gets readable lines', async () => {
    const { format, text } = await logOneLine(true);
    expect(format).toBe('pretty');
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request completed: GET \/api\/config\n$/);
    expect(text).not.toContain('SECRET-1');
  });

  it('a pipe or a file gets one JSON object per line', async () => {
    const { format, text } = await logOneLine(false);
    expect(format).toBe('json');
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0] ?? '') as { msg: string; level: number; req: { headers: { authorization: string } } };
    expect(line).toMatchObject({ msg: 'request completed', level: 30, req: { headers: { authorization: '[Redacted]' } } });
  });

  it('a pipe, which cannot be fsynced, is flushed without an error', async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'log-destination-'));
    const fifo = path.join(folder, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const fd = openSync(fifo, 'w');
    try {
      const destination = await logDestination({ fd, isTTY: false });
      pino({ level: 'info' }, destination.stream).info('request completed');
      await new Promise<void>((resolve, reject) => destination.flush((error) => (error ? reject(error) : resolve())));
      const buffer = Buffer.alloc(4096);
      const text = buffer.subarray(0, readSync(reader, buffer)).toString();
      expect(JSON.parse(text)).toMatchObject({ msg: 'request completed' });
    } finally {
      closeSync(fd);
      closeSync(reader);
    }
  });

  it('flush waits for the lines still being written (a graceful shutdown loses none)', async () => {
    const { fd, text } = output();
    const destination = await logDestination({ fd, isTTY: false });
    const log = pino({ level: 'info' }, destination.stream);
    for (let index = 0; index < 2000; index++) log.info({ index }, 'request completed');
    await new Promise<void>((resolve, reject) => destination.flush((error) => (error ? reject(error) : resolve())));
    closeSync(fd);
    const lines = text().trim().split('\n');
    expect(lines).toHaveLength(2000);
    expect(JSON.parse(lines.at(-1) ?? '')).toMatchObject({ index: 1999 });
  });
});
