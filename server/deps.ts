// What the venue server's HTTP app hands every route module (server/app.ts makes the app from it): the
// type lives here, below the app and its routes, so a route does not import the app that mounts it.
import type { ServerConfig } from './config.ts';
import type { Db } from './db/types.ts';
import type { Mailer } from './mail/mailer.ts';

export interface AppDeps {
  db: Db;
  config: ServerConfig;
  mailer: Mailer;
  /** Injected clock for tests of expiry; defaults to Date.now. */
  now?: () => number;
}
