import pg from 'pg';
import type { Logger } from 'pino';

export interface ListenOptions {
  databaseUrl: string;
  channel: string;
  /** Seen in pg_stat_activity. */
  applicationName: string;
  /** Names the connection in log lines: "live event listener". */
  name: string;
  logger: Logger;
  onNotification: (payload: string) => void;
  /**
   * After every connection, the first one included: anything signalled while nobody listened was
   * missed, so the listener catches up here.
   */
  onListening?: () => void;
}

/**
 * One dedicated LISTEN connection (not from a pool, never through a transaction-pooling proxy) that
 * reconnects by itself when it is lost, waiting 0.25 s, then twice as long each time, up to 10 s.
 */
export class ListenConnection {
  private client: pg.Client | null = null;
  private closed = false;
  private reconnectDelayMs = 250;

  constructor(private readonly options: ListenOptions) {}

  /** Connects and listens; throws when the first connection fails. */
  start(): Promise<void> {
    return this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const { databaseUrl, channel, applicationName, name, logger, onNotification, onListening } = this.options;
    const client = new pg.Client({ connectionString: databaseUrl, application_name: applicationName });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotification(message.payload ?? '');
    });
    const lost = (err?: Error) => {
      if (this.closed || this.client !== client) return;
      logger.warn({ err }, `${name} lost; reconnecting`);
      this.client = null;
      client.end().catch(() => undefined);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.reconnectDelayMs = 250;
    onListening?.();
  }

  private scheduleReconnect(): void {
    const delay = this.reconnectDelayMs;
    this.reconnectDelayMs = Math.min(this.reconnectDelayMs * 2, 10_000);
    setTimeout(() => {
      if (this.closed) return;
      this.connect().catch((err: unknown) => {
        this.options.logger.warn({ err }, `${this.options.name} could not reconnect`);
        this.scheduleReconnect();
      });
    }, delay).unref();
  }
}
