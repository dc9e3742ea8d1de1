import { request } from 'node:http';

/** One response of the real server, as the bare server replays it. */
export interface Recording {
  path: string;
  status: number;
  headers: Record<string, string>;
  /** base64 of the bytes on the wire (compressed when the server compressed). */
  body: string;
}

/** Headers Node's http server writes itself on every response; the bare server adds its own. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Fetches `path` with `headers` and keeps the raw bytes (no decompression, unlike fetch). */
export function record(baseUrl: string, path: string, headers: Record<string, string>): Promise<Recording> {
  return new Promise((resolve, reject) => {
    request(new URL(path, baseUrl), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (!PER_CONNECTION.has(name) && value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ path, status: response.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks).toString('base64') });
      });
    })
      .on('error', reject)
      .end();
  });
}
