// One migrated, seeded PGlite per test run, copied for each test server that wants the demo show: a
// fresh server then costs a directory copy and an open, not every migration and the whole seed again
// (about 10 s of a test file's time on a 2-CPU machine). The global setups make it; startTestServer and
// startAppServer copy it. The path travels in the environment, which test workers inherit.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { startVenueServer, type VenueServer } from '../../server/start.ts';

/** The seeded template's directory; the migrated, empty one is its sibling `empty`. */
const PGLITE_TEMPLATE_ENV = 'PURRFECT_TEST_PGLITE_TEMPLATE';

/**
 * Migrates a PGlite data directory and copies it (the empty show), then seeds it (the demo show); returns
 * the remover. Sets the environment for the workers.
 */
export async function makePgliteTemplate(): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), 'purrfect-template-'));
  const [seeded, empty] = [join(root, 'seeded'), join(root, 'empty')];
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', STATIC_DIR: '', DATABASE_URL: '' });
  config.dataDir = seeded;
  await (await startVenueServer(config, { seed: false })).close();
  cpSync(seeded, empty, { recursive: true });
  await (await startVenueServer(config)).close();
  process.env[PGLITE_TEMPLATE_ENV] = seeded;
  return () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    rmSync(root, { recursive: true, force: true });
  };
}

/** A copy of the run's template (the demo show, or with `empty` none) to start a server on; null outside vitest. */
export function copyOfPgliteTemplate({ empty = false } = {}): { dataDir: string; remove: () => void } | null {
  const seeded = process.env[PGLITE_TEMPLATE_ENV];
  if (!seeded) return null;
  const template = empty ? join(seeded, '..', 'empty') : seeded;
  const dataDir = mkdtempSync(join(tmpdir(), 'purrfect-pglite-copy-'));
  cpSync(template, dataDir, { recursive: true });
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Starts on a copy; the copy goes when the server closes. */
export async function onCopy(copy: { dataDir: string; remove: () => void }, start: (dataDir: string) => Promise<VenueServer>): Promise<VenueServer> {
  let server: VenueServer;
  try {
    server = await start(copy.dataDir);
  } catch (e) {
    copy.remove();
    throw e;
  }
  const close = server.close.bind(server);
  server.close = async () => {
    try {
      await close();
    } finally {
      copy.remove();
    }
  };
  return server;
}
