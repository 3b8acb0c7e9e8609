// Builds the PWA once so the e2e tests run against exactly what `npm start` serves, and makes the run's
// PGlite template (tests/helpers/pglite-template.ts).
import { build } from 'vite';
import { DEMO_ANON_KEY } from '../server/config.ts';
import { makePgliteTemplate } from '../tests/helpers/pglite-template.ts';

export default async function setup(): Promise<() => void> {
  // Vitest sets NODE_ENV=test; the e2e app must be the production build `npm start` serves.
  process.env.NODE_ENV = 'production';
  // The e2e servers run on the demo keys; so must the app, whatever `npm run keys` left in .env.local
  // (the environment wins over it, here and in the builds of the test files, which inherit it).
  process.env.VITE_SUPABASE_ANON_KEY = DEMO_ANON_KEY;
  // Every file's venue server starts on a copy of one migrated, seeded PGlite, made while the app builds.
  const [, removeTemplate] = await Promise.all([build({ logLevel: 'warn' }), makePgliteTemplate()]);
  return removeTemplate;
}
