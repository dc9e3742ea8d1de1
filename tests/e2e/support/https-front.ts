import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * An HTTPS front for the site, as a deployment puts one before the server: Amplify reaches a
 * pool's sign-in domain over https only. Its certificate is self-signed, made here by the
 * machine's openssl for 127.0.0.1 (an address, so the site's HSTS header pins no host name the
 * journeys' other pages use); the browser context accepts it (ignoreHTTPSErrors).
 */
export async function startHttpsFront(port: number, targetPort: () => number): Promise<Server> {
  const folder = await mkdtemp(path.join(tmpdir(), 'https-front-'));
  const [key, cert] = [path.join(folder, 'key.pem'), path.join(folder, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'].concat([
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    {
      stdio: 'ignore',
    },
  );
  const server = createServer({ key: await readFile(key), cert: await readFile(cert) }, (incoming, outgoing) => {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: targetPort(), method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await rm(folder, { recursive: true });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}
