// Builds the PWA once so the e2e tests run against exactly what `npm start` serves.
import { build } from 'vite';

export default async function setup(): Promise<void> {
  // Vitest sets NODE_ENV=test; the e2e app must be the production build `npm start` serves.
  process.env.NODE_ENV = 'production';
  await build({ logLevel: 'warn' });
}
