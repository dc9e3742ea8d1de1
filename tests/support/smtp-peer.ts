import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The mail's Message-ID header, to tell a mail sent twice from two mails. */
  messageId: string;
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives; it can go down and come back on its port. */
export interface SmtpPeer {
  port: number;
  url: string;
  /** Only mails the peer answered 250 for: a mail cut off before that was not delivered. */
  received: ReceivedMail[];
  /** Stops listening; open connections finish. */
  stop(): Promise<void>;
  /** Goes down as a failing mail host does: stops listening and cuts every open connection. */
  crash(): Promise<void>;
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
  const sockets = new Set<Socket>();
  const create = () => {
    const created = new SMTPServer({
      authOptional: true,
      // No network here: a reverse lookup of 127.0.0.1 would only add a wait to every connection.
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString();
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '(none)',
            raw,
          });
          callback();
        });
      },
    });
    created.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return created;
  };
  let server = create();
  const port = await listen(server, 0);
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    stop,
    async crash() {
      const closed = new Promise<void>((resolve) => server.server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async restart() {
      server = create();
      await listen(server, port);
    },
  };
}
