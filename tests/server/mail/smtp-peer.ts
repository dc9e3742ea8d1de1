import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives; it can go down and come back on its port. */
export interface SmtpPeer {
  port: number;
  url: string;
  received: ReceivedMail[];
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
}

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const create = () =>
    new SMTPServer({
      authOptional: true,
      // No network here: a reverse lookup of 127.0.0.1 would only add a wait to every connection.
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString(),
          });
          callback();
        });
      },
    });
  let server = create();
  const port = await listen(server, 0);
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
    async restart() {
      server = create();
      await listen(server, port);
    },
  };
}
