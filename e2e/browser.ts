// Debian's Chromium driven by playwright-core, and a venue server serving the built app.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { loadConfig } from '../server/config.ts';
import { startVenueServer, type VenueServer } from '../server/start.ts';

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

export async function startAppServer(): Promise<VenueServer> {
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', STATIC_DIR: 'dist' });
  config.dataDir = null;
  return startVenueServer(config);
}
