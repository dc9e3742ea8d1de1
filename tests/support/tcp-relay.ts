import { connect, createServer, type Socket } from 'node:net';
import { listenOnLoopbackPort } from './free-port.ts';

/** A TCP relay to a service (Redis, PostgreSQL) that a test can cut or silence, as a network does. */
export interface TcpRelay {
  port: number;
  /** Connections the relay has accepted: a client's connection attempts. */
  connections(): number;
  /** Bytes the clients have sent, answered or not. */
  bytesReceived(): number;
  /** Closes every connection and stops listening: the service is down and says so at once. */
  cut(): Promise<void>;
  /**
   * Keeps connections open but passes nothing either way, and accepts new ones that are never
   * answered: a host that drops packets, or a proxy left holding its connections.
   */
  stall(): void;
  /** Passes everything again, what was held first, in order, as TCP delivers it once the path is back. */
  resume(): void;
}

/** A relay to `host`:`port` on a free loopback port. */
export async function tcpRelay(host: string, port: number): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  const held: (() => void)[] = [];
  let stalled = false;
  let connections = 0;
  let bytesReceived = 0;
  /** Sends `chunk` from `from` to `to`, or holds it while the relay is stalled. */
  const pass = (from: Socket, to: Socket) =>
    from.on('data', (chunk: Buffer) => {
      const send = () => to.write(chunk);
      if (stalled) held.push(send);
      else send();
    });
  const relay = createServer((client) => {
    connections += 1;
    client.on('data', (chunk: Buffer) => (bytesReceived += chunk.length));
    const upstream = connect(port, host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    pass(client, upstream);
    pass(upstream, client);
  });
  const relayPort = await listenOnLoopbackPort(relay);
  return {
    port: relayPort,
    connections: () => connections,
    bytesReceived: () => bytesReceived,
    async cut() {
      const closed = new Promise((resolve) => relay.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const send of held.splice(0)) send();
    },
  };
}
