import type { Server as HttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';

/**
 * A loopback port free right now, for a server that must be told its port before it starts
 * (a child process, PUBLIC_URL). In-process servers listen on port 0 instead and read theirs.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts `server` (a stand-in peer: SMTP, OpenID, StoryChief, a bare listener) on a free port
 * of `host` (a loopback address) and returns the port, for an address of another scheme
 * (smtp://, redis://, postgres://).
 */
export async function listenOnLoopbackPort(server: Server, host = '127.0.0.1'): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
  return address.port;
}

/** Starts `server` as listenOnLoopbackPort does and returns its base URL, such as http://127.0.0.1:40123. */
export async function listenOnLoopback(server: Server, host = '127.0.0.1'): Promise<string> {
  return `http://${host}:${await listenOnLoopbackPort(server, host)}`;
}

/**
 * Closes `server` (an HTTP stand-in) and ends its open connections at once: keep-alive sockets
 * a client still holds, or an answer left hanging on purpose, would otherwise hold the close.
 */
export function closeHttpServer(server: HttpServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
