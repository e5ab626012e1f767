import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

// A TCP proxy on 127.0.0.1 in front of a database or Redis that a test can break and mend, as a
// network failure or a restart would, without touching the machine's real server.

export interface TcpProxy {
  /** `targetUrl` with its host and port replaced by the proxy's. */
  url(): string;
  /** Refuses new connections and drops open ones: the server is gone. */
  cut(): Promise<void>;
  /** Accepts connections again and forwards them. */
  restore(): Promise<void>;
  /**
   * Accepts connections but never forwards a byte either way, and stalls open ones: the server
   * hangs (a frozen host, a black-holed network). `restore()` ends it.
   */
  hang(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string, defaultPort = 5432): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let hanging = false;
  let server: Server | null = null;
  let port = 0;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const listen = async () => {
    server = createServer((client) => {
      track(client);
      if (hanging) {
        client.on('error', () => client.destroy());
        client.pause();
        return;
      }
      const upstream = connect(Number(target.port || defaultPort), target.hostname);
      track(upstream);
      for (const socket of [client, upstream]) {
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server!.address() as AddressInfo).port;
  };
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    if (server?.listening) await new Promise<void>((resolve) => server!.close(() => resolve()));
  };
  await listen();

  return {
    url: () => {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut: stop,
    async restore() {
      hanging = false;
      if (server?.listening) {
        // From hanging: drop the stalled connections so that clients reconnect.
        for (const socket of sockets) socket.destroy();
        return;
      }
      await listen();
    },
    hang() {
      hanging = true;
      // Open connections stop flowing: nothing more is read from either side.
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    close: stop,
  };
}
