// dist/build-info.json: what the app in dist was built with, so `npm run venue:check` can tell a stale build.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/** Written next to index.html by the build (vite.config.ts); not precached by the service worker. */
export const BUILD_INFO_FILE = 'build-info.json';

const BuildInfoSchema = z.object({
  /** package.json's version at build time. */
  app_version: z.string(),
  /** The sync contract the app speaks (src/data/sync/contract.ts SYNC_CONTRACT_VERSION). */
  sync_contract_version: z.number().int(),
  /** SHA-256 (hex) of the anon key compiled into the app: the key itself stays out of this file's purpose. */
  anon_key_sha256: z.string(),
  /** VITE_SUPABASE_URL as built; empty = the origin the app is served from (the venue server). */
  supabase_url: z.string(),
});
export type BuildInfo = z.infer<typeof BuildInfoSchema>;

/** Hex SHA-256 of an anon key, as the build records it. */
export function anonKeySha256(anonKey: string): string {
  return createHash('sha256').update(anonKey).digest('hex');
}

/** The file's contents for a build with these settings. */
export function buildInfoJson(info: { appVersion: string; syncContractVersion: number; anonKey: string; supabaseUrl: string }): string {
  const body: BuildInfo = {
    app_version: info.appVersion,
    sync_contract_version: info.syncContractVersion,
    anon_key_sha256: anonKeySha256(info.anonKey),
    supabase_url: info.supabaseUrl,
  };
  return `${JSON.stringify(body, null, 2)}\n`;
}

/** The build info in `dir`: null when the file is missing, an Error when it is unreadable or malformed. */
export function readBuildInfo(dir: string): BuildInfo | null | Error {
  let text: string;
  try {
    text = readFileSync(join(dir, BUILD_INFO_FILE), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return e as Error;
  }
  try {
    return BuildInfoSchema.parse(JSON.parse(text));
  } catch (e) {
    return new Error(`${BUILD_INFO_FILE} is not what the build writes: ${(e as Error).message}`);
  }
}
