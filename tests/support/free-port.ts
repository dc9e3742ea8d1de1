import { createServer } from 'node:net';

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
