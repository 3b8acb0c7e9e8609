// One migrated, seeded PGlite per test run, copied for each test server that wants the demo show: a
// fresh server then costs a directory copy and an open, not every migration and the whole seed again
// (about 10 s of a test file's time on a 2-CPU machine). The global setups make it; startTestServer and
// startAppServer copy it. The path travels in the environment, which test workers inherit.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { startVenueServer, type VenueServer } from '../../server/start.ts';

export const PGLITE_TEMPLATE_ENV = 'PURRFECT_TEST_PGLITE_TEMPLATE';

/** Migrates and seeds a PGlite data directory; returns its remover. Sets the environment for the workers. */
export async function makePgliteTemplate(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'purrfect-template-'));
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', STATIC_DIR: '', DATABASE_URL: '' });
  config.dataDir = dir;
  const server = await startVenueServer(config);
  await server.close();
  process.env[PGLITE_TEMPLATE_ENV] = dir;
  return () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}

/** A copy of the run's template to start a server on, or null when there is none (outside vitest). */
export function copyOfPgliteTemplate(): { dataDir: string; remove: () => void } | null {
  const template = process.env[PGLITE_TEMPLATE_ENV];
  if (!template) return null;
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
