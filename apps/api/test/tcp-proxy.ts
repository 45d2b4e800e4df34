import net, { type AddressInfo, type Socket } from 'node:net';

/**
 * How the proxy fails: `refuse` closes every connection and stops listening (new ones get
 * ECONNREFUSED); `hang` is a silent network cut: open connections stop carrying data in both
 * directions and new ones are accepted but never reach the server.
 */
export type CutMode = 'refuse' | 'hang';

/** A TCP proxy on loopback that a test puts between a client and a server, and cuts at will. */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<Socket>();
  private mode: 'open' | CutMode = 'open';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Connections currently held open through the proxy (both sides counted). */
  get openSockets(): number {
    return this.sockets.size;
  }

  private track(socket: Socket) {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  }

  private accept(client: Socket) {
    this.track(client);
    if (this.mode === 'hang') {
      // Accepted, never answered: the client waits for the server's first byte.
      client.pause();
      return;
    }
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  /** Cuts the link between clients and server. */
  async cut(mode: CutMode): Promise<void> {
    this.mode = mode;
    if (mode === 'refuse') {
      const server = this.server;
      this.server = undefined;
      const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      this.destroyAll();
      await closed;
      return;
    }
    for (const socket of this.sockets) {
      socket.unpipe();
      socket.pause();
    }
  }

  /**
   * Ends the outage: the connections that lived through it are reset (as after a real partition or a
   * server restart) and new ones reach the server again, on the same port.
   */
  async heal(): Promise<void> {
    this.destroyAll();
    this.mode = 'open';
    if (!this.server) await this.start();
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.destroyAll();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private destroyAll() {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }
}
