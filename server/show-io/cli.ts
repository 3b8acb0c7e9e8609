// npm run show -- import <folder> [--dry-run] [--prune] | export <folder> [--xlsx]: a whole show in and out
// of the venue server or any Supabase project (SUPABASE_URL + SUPABASE_SERVICE_ROLE_KEY); demo <folder>
// [--now=<date-time>]: the demo show as a folder to import (no server needed).
import { existsSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import { targetFromEnv } from '../command-target.ts';
import { fetchWithDeadline } from './deadline.ts';
import { writeDemoShow } from './demo.ts';
import { exportShow } from './export.ts';
import { formatPlan, importShow } from './import.ts';

/** Nothing here listens to realtime: supabase-js would only build the socket if asked, and must not be. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used by the show command');
  }
}

const USAGE = [
  'Usage: npm run show -- import <folder> [--dry-run] [--prune]',
  '       npm run show -- export <folder> [--xlsx]',
  '       npm run show -- demo <folder> [--now=<date-time>]   (the demo show as a folder to import)',
].join('\n');
const KNOWN_OPTIONS = new Map([
  ['import', ['--dry-run', '--prune']],
  ['export', ['--xlsx']],
  ['demo', ['--now']],
]);

async function main(): Promise<number> {
  for (const file of ['.env.local', '.env']) if (existsSync(file)) process.loadEnvFile(file);
  const [command, ...rest] = process.argv.slice(2);
  // --name or --name=value
  const options = new Map(rest.filter((a) => a.startsWith('--')).map((a) => [a.split('=')[0]!, a.includes('=') ? a.slice(a.indexOf('=') + 1) : '']));
  const flags = new Set(options.keys());
  const [folder] = rest.filter((a) => !a.startsWith('--'));
  const known = KNOWN_OPTIONS.get(command ?? '');
  const unknown = [...flags].filter((f) => !known?.includes(f));
  if (!known || !folder || unknown.length) {
    console.error(unknown.length && known ? `Unknown option ${unknown.join(', ')}\n${USAGE}` : USAGE);
    return 2;
  }
  if (command === 'demo') {
    const nowText = options.get('--now');
    const now = nowText === undefined ? new Date() : new Date(nowText);
    if (Number.isNaN(now.getTime())) {
      console.error(`--now=${nowText} — not a date and time such as 2026-12-05T10:00:00Z`);
      return 2;
    }
    const r = await writeDemoShow({ folder, now });
    console.log(`Wrote the demo show: ${r.rows} rows to ${r.files.length} CSV files and ${r.images} pictures to images/ in ${folder}`);
    console.log(`Fill a project with it: npm run show -- import ${folder}`);
    return 0;
  }
  // Like npm run organiser: the local venue server unless SUPABASE_URL names another project.
  const { url, serviceRoleKey } = targetFromEnv(process.env);
  const client = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as never },
    global: { fetch: fetchWithDeadline() },
  });
  const started = performance.now();

  if (command === 'export') {
    const r = await exportShow({ folder, client, url, form: flags.has('--xlsx') ? 'xlsx' : 'csv' });
    console.log(`Exported ${r.rows} rows to ${r.files.join(', ')} and ${r.images} images to images/ in ${folder}`);
    if (r.missingImages.length) console.warn(`Not in the images bucket (left out): ${r.missingImages.join(', ')}`);
    return 0;
  }
  const prune = flags.has('--prune');
  const dryRun = flags.has('--dry-run');
  const r = await importShow({ folder, client, url, prune, dryRun });
  if (r.problems.length) {
    console.error(r.problems.join('\n'));
    console.error(`\n${r.problems.length} problem${r.problems.length === 1 ? '' : 's'}: nothing was written.`);
    return 1;
  }
  console.log(`${dryRun ? 'Plan (dry run, nothing written)' : 'Imported'}:\n${formatPlan(r, prune)}`);
  if (!dryRun) {
    const w = r.written;
    const seconds = (performance.now() - started) / 1000;
    console.log(`Wrote ${w.inserted} new, ${w.updated} changed, ${w.deleted} deleted rows in ${seconds.toFixed(1)} s.`);
    if (r.photos.stored) console.log(`Stored ${r.photos.stored} photos: ${r.photos.bytesBefore} bytes → ${r.photos.bytesAfter} bytes.`);
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
