// npm run bench: every measured figure against its budget in one table; exits 1 when a budget that
// gates is missed or a section cannot run. Flags: --ci (only exact budgets gate; the sections marked notInCi,
// whose exact figures tests prove, left out), --runs N (runs behind each noisy median, default 3; 1 under --ci),
// --scale N, --only a,b / --skip a,b (sections), --build (rebuild).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { parseScale } from '../server/cli-args.ts';
import { DEMO_ANON_KEY } from '../server/config.ts';
import { Report, type BenchOptions } from './report.ts';
import { benchSize } from './size.ts';
import { benchData } from './data.ts';

type Section = {
  name: string;
  about: string;
  /**
   * Why `--ci` leaves the section out (it runs when named with --only): every figure it gates exactly is
   * proven by the tests named here, which CI runs, or it gates nothing exactly.
   */
  notInCi?: string;
  run: (report: Report, options: BenchOptions) => Promise<void>;
};

const SECTIONS: Section[] = [
  { name: 'size', about: 'bytes of the build', run: benchSize },
  { name: 'data', about: 'sync engine and API without a browser', run: benchData },
  {
    name: 'lighthouse',
    about: 'Lighthouse mobile on home, breeds, a breed and the catalogue (first visit)',
    run: async (r, o) => (await import('./lighthouse.ts')).benchLighthouse(r, o),
  },
  {
    name: 'pwa',
    about: 'installability and the repeat visit served by the service worker',
    notInCi:
      "the worker in control, 0 installability errors, the manifest, 0 shell bytes from the network on a repeat visit: e2e/pwa.test.ts ('meets the install criteria with a complete manifest', 'serves a repeat visit from the worker: not one byte of the shell from the network'); the rest are timings",
    run: async (r, o) => (await import('./pwa.ts')).benchPwa(r, o),
  },
  {
    name: 'venue',
    about: 'first visit, full mirror and a no-change resync over Venue Wi-Fi in Chromium',
    run: async (r, o) => (await import('./venue.ts')).benchVenue(r, o),
  },
  {
    name: 'firstvisit',
    about: 'the whole first visit over Venue Wi-Fi: bytes on the wire and time to offline-ready, ×1 and ×10',
    run: async (r, o) => (await import('./first-visit.ts')).benchFirstVisit(r, o),
  },
  {
    name: 'plan',
    about: "the floor plan: the demo plan's picture, and navigation → plan drawn over Venue Wi-Fi",
    run: async (r, o) => (await import('./floor-plan.ts')).benchFloorPlan(r, o),
  },
  { name: 'load', about: 'venue server under autocannon from a second process', run: async (r, o) => (await import('./load.ts')).benchLoad(r, o) },
  {
    name: 'abuse',
    about: 'honest resyncs while one client loops the regex and the deep embed',
    notInCi:
      "no errors for honest clients and no 2xx for the attack: tests/abuse/hostile-client.test.ts (the regex and the nine-level embed end while / answers; 'keeps answering other clients after both attacks'); the idle-socket flood and the unread pipeline: tests/abuse/connections.test.ts ('a flood of idle connections', 'clients that do not read their answers')",
    run: async (r, o) => (await import('./abuse.ts')).benchAbuse(r, o),
  },
  {
    name: 'import',
    about: 'npm run show -- import: the demo show and phone photos into an empty server, then again',
    notInCi:
      "rows written = rows exported, a re-import writes and uploads nothing: tests/integration/show-import.test.ts ('imports the template into an empty show, and a second import writes nothing', 'imports every row and image, then re-imports to nothing'), tests/integration/photos.test.ts ('a second import uploads nothing')",
    run: async (r, o) => (await import('./import.ts')).benchImport(r, o),
  },
  {
    name: 'live',
    about: "a change reaching 200 subscribed clients and 3 pages, a ring clerk's call reaching the 200; 5,000 idle sockets",
    notInCi:
      "a committed change reaches every subscriber: tests/integration/realtime.test.ts ('reaches every subscriber, and a left channel hears no more', on both engines and from two servers), tests/data/live-server.test.ts (through the poke into the mirror), e2e/live.test.ts (on the page); the rest are timings and memory",
    run: async (r, o) => (await import('./live.ts')).benchLive(r, o),
  },
  {
    name: 'search',
    about: 'search latency per keystroke on the ×10 show, phone CPU ×4 in Chromium',
    notInCi: 'every figure is a timing, which --ci prints but never gates',
    run: async (r, o) => (await import('./search.ts')).benchSearch(r, o),
  },
  {
    name: 'showday',
    about: 'show day: phones stepped up to the peak one laptop holds, on PGlite, PostgreSQL and 3 servers',
    notInCi:
      "it measures capacity for minutes; votes stored = votes answered: tests/abuse/votes-coupons.test.ts ('lets 600 distinct voters behind one address … all vote'), on both engines",
    run: async (r, o) => (await import('./showday.ts')).benchShowday(r, o),
  },
  {
    name: 'outbox',
    about: 'votes replayed through faults in Chromium, and over Venue Wi-Fi',
    notInCi:
      "no vote lost, duplicated or left behind through lost answers, a server going away, two tabs and reloads: tests/data/outbox.test.ts ('drain against the venue server' 1–8b), e2e/offline.test.ts ('queues a vote cast offline and delivers it exactly once when the network returns')",
    run: async (r, o) => (await import('./outbox.ts')).benchOutbox(r, o),
  },
];

function listFlag(args: string[], flag: string): string[] | null {
  const i = args.indexOf(flag);
  const inline = args.find((a) => a.startsWith(`${flag}=`));
  const value = inline ? inline.slice(flag.length + 1) : i >= 0 ? args[i + 1] : undefined;
  return value ? value.split(',').map((s) => s.trim()) : null;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const ci = args.includes('--ci') || process.env.CI === 'true';
  // Under --ci the noisy figures do not gate, so one run of each tells enough and keeps CI short.
  const defaultRuns = ci ? 1 : 3;
  const runs = Number(listFlag(args, '--runs')?.[0] ?? defaultRuns);
  const options: BenchOptions = {
    ci,
    runs: Number.isInteger(runs) && runs > 0 ? runs : defaultRuns,
    scale: parseScale(args),
    distDir: process.env.PURRFECT_DIST || 'dist',
  };
  const only = listFlag(args, '--only');
  const skip = listFlag(args, '--skip') ?? [];
  const unknown = [...(only ?? []), ...skip].filter((n) => !SECTIONS.some((s) => s.name === n));
  if (unknown.length) throw new Error(`unknown bench section(s): ${unknown.join(', ')}; known: ${SECTIONS.map((s) => s.name).join(', ')}`);

  if (!existsSync(join(options.distDir, '.vite', 'manifest.json')) || args.includes('--build')) {
    // The production build `npm start` serves, whatever NODE_ENV the caller has.
    process.env.NODE_ENV = 'production';
    // The bench's servers take their keys from the environment (demo ones by default), never from
    // .env.local: so must the app, whatever `npm run keys` left there.
    process.env.VITE_SUPABASE_ANON_KEY ||= process.env.ANON_KEY || DEMO_ANON_KEY;
    await build({ logLevel: 'warn' });
  }

  const report = new Report();
  for (const section of SECTIONS) {
    if ((only && !only.includes(section.name)) || skip.includes(section.name)) continue;
    // Under --ci a section whose exact figures tests already prove runs only when named (--only).
    if (options.ci && section.notInCi && !only) {
      console.log(`▸ ${section.name}: not under --ci (${section.notInCi})`);
      continue;
    }
    const started = performance.now();
    console.log(`▸ ${section.name}: ${section.about}`);
    try {
      await section.run(report, options);
    } catch (e) {
      report.sectionFailed(section.name, e);
    }
    console.log(`  ${section.name} took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const failed = report.print(options.ci);
  if (failed) {
    console.error('\nA budget was missed.');
    process.exitCode = 1;
  }
}

await main();
