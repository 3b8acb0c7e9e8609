// Builds the PWA once so the e2e tests run against exactly what `npm start` serves.
import { build } from 'vite';

export default async function setup(): Promise<void> {
  await build({ logLevel: 'warn' });
}
