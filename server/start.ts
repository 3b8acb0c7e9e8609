// Opens the database, migrates, seeds when empty, and serves the app: used by the CLI and the tests.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { openDb } from './db/open.ts';
import type { Db } from './db/types.ts';
import type { Mailer } from './mail/mailer.ts';
import { mailQueue, type MailQueueOptions } from './mail/queue.ts';
import { migrate } from './migrate.ts';
import { seedIfEmpty } from './seed/index.ts';

export interface VenueServer {
  url: string;
  db: Db;
  mailer: Mailer;
  config: ServerConfig;
  close(): Promise<void>;
}

export async function startVenueServer(
  config: ServerConfig,
  opts: { seed?: boolean; scale?: number; mail?: MailQueueOptions } = {},
): Promise<VenueServer> {
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  if (opts.seed !== false) await seedIfEmpty(db, { scale: opts.scale });
  const mailer = mailQueue(db, config, opts.mail);

  let server: ServerType | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    // The public URL may name port 0 (tests); fix it up once the socket is bound.
    const app = createApp({ db, config, mailer });
    server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info: AddressInfo) =>
      resolve(info.port),
    );
    server.on('error', reject);
  });
  if (config.port === 0) {
    config.publicUrl = config.publicUrl.replace(/:0$/, `:${port}`);
    config.siteUrl = config.siteUrl.replace(/:0$/, `:${port}`);
  }
  return {
    url: `http://${config.host}:${port}`,
    db,
    mailer,
    config,
    async close() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      await mailer.close();
      await db.close();
    },
  };
}
