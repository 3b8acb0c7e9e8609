// LISTEN on PostgreSQL: one dedicated connection per venue server (a pooled one would lose its LISTENs
// when returned), reopened with capped backoff when it drops, its channels listened again.
import pg from 'pg';
import { checkChannelName } from './types.ts';

/** SPEC §9's backoff shape: min(1 s · 2^attempt, 30 s). */
const RECONNECT_BASE_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

type OnPayload = (payload: string) => void;

/** The LISTEN connection's application_name: how venue servers on one database count each other. */
export const LISTEN_APPLICATION_NAME = 'purrfect-venue-live';

export class PostgresListener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly channels = new Map<string, Set<OnPayload>>();
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly connectionString: string) {}

  async listen(channel: string, onPayload: OnPayload): Promise<() => Promise<void>> {
    checkChannelName(channel);
    if (this.closed) throw new Error('The database is closed');
    let heard = this.channels.get(channel);
    const first = !heard;
    if (!heard) this.channels.set(channel, (heard = new Set()));
    heard.add(onPayload);
    // A fresh connection listens to every known channel; a second LISTEN of a channel is harmless.
    const client = await this.connect();
    if (first) await client.query(`listen ${channel}`);
    return async () => {
      heard.delete(onPayload);
      if (heard.size || this.channels.get(channel) !== heard) return;
      this.channels.delete(channel);
      await this.client?.query(`unlisten ${channel}`).catch(() => undefined);
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.connectionString, keepAlive: true, application_name: LISTEN_APPLICATION_NAME });
    client.on('notification', (n) => {
      for (const heard of [...(this.channels.get(n.channel) ?? [])]) heard(n.payload ?? '');
    });
    // Unheard, an 'error' would end the venue server; a dropped connection is reopened instead.
    client.on('error', (e) => this.dropped(client, e));
    client.on('end', () => this.dropped(client, new Error('connection ended')));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`listen ${channel}`);
    } catch (e) {
      await client.end().catch(() => undefined);
      throw e;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('The database is closed');
    }
    this.client = client;
    this.attempt = 0;
    return client;
  }

  private dropped(client: pg.Client, e: Error): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    client.end().catch(() => undefined);
    console.warn(`[db] LISTEN connection lost (${e.message}); reconnecting`);
    this.reconnectLater();
  }

  private reconnectLater(): void {
    if (this.timer || this.closed) return;
    const delay = Math.min(RECONNECT_BASE_MS * 2 ** this.attempt++, RECONNECT_MAX_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.connect().catch((e: unknown) => {
        console.warn(`[db] LISTEN reconnect failed (${e instanceof Error ? e.message : String(e)})`);
        this.reconnectLater();
      });
    }, delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const client = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
