// Debian's Chromium driven by playwright-core, and a venue server serving the built app.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { loadConfig } from '../server/config.ts';
import { startVenueServer, type VenueServer } from '../server/start.ts';
import { copyOfPgliteTemplate, onCopy } from '../tests/helpers/pglite-template.ts';

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function chromiumPath(): string {
  const path = ['/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p) => existsSync(p));
  if (!path) throw new Error('Chromium not found: install it with `apt-get install -y chromium`.');
  return path;
}

/** The build the e2e tests serve: dist/, or PURRFECT_DIST when several runs share a checkout. */
export const DIST_DIR = process.env.PURRFECT_DIST || 'dist';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

/**
 * Chromium flags for a hall name: `hall` resolves to 127.0.0.1, and a chain holding a key with this
 * SPKI hash (base64 SHA-256) counts as trusted, as a real certificate would on a phone. The SPKI list
 * is only honoured with a user data dir, i.e. chromium.launchPersistentContext.
 */
export function hallFlags(hall: string, trustedSpkiSha256: string): string[] {
  return [`--host-resolver-rules=MAP ${hall} 127.0.0.1`, `--ignore-certificate-errors-spki-list=${trustedSpkiSha256}`];
}

/**
 * A venue server on in-memory PGlite serving a build (DIST_DIR unless told); `env` adds settings (TLS, SITE_URL);
 * `seed: false` starts it without the demo show.
 */
export async function startAppServer(distDir: string = DIST_DIR, env: Record<string, string> = {}, { seed = true } = {}): Promise<VenueServer> {
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', STATIC_DIR: distDir, ...env });
  config.dataDir = null;
  // The demo show (or none) on a copy of the run's migrated PGlite (none outside vitest: a fresh one).
  const copy = config.databaseUrl ? null : copyOfPgliteTemplate({ empty: !seed });
  if (!copy) return startVenueServer(config, { seed });
  return onCopy(copy, (dir) => {
    config.dataDir = dir;
    return startVenueServer(config, { seed });
  });
}
