/**
 * The baseline for bench/http: a bare `node:http` server replaying recorded responses of the
 * real server byte for byte (same status, same headers, same body in the same encoding),
 * with keep-alive as Node does by default. Reads the recording from the file named by its
 * first argument and tells its parent the port over IPC.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Recording } from './recording.ts';

const recordings = new Map(
  (JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as Recording[]).map((recording) => [
    recording.path,
    { ...recording, body: Buffer.from(recording.body, 'base64') },
  ]),
);

const server = createServer((request, response) => {
  const recording = recordings.get(request.url ?? '');
  if (!recording) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(recording.status, recording.headers);
  response.end(recording.body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
