import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * .env.example holds working local defaults, so a fresh checkout builds without a .env. They fill in
 * only what neither the environment nor a .env file sets.
 */
function applyExampleDefaults(mode: string): void {
  const defined = loadEnv(mode, process.cwd(), 'VITE_');
  const example = parseEnv(readFileSync(new URL('./.env.example', import.meta.url), 'utf8'));
  for (const [key, value] of Object.entries(example)) {
    if (key.startsWith('VITE_') && defined[key] === undefined && process.env[key] === undefined) process.env[key] = value;
  }
}

export default defineConfig(({ mode }) => {
  applyExampleDefaults(mode);
  return {
    base: process.env.VITE_BASE_PATH || '/',
    plugins: [react()],
    build: {
      // bench/ reads the manifest to measure the first route's JavaScript.
      manifest: true,
      target: 'es2022',
      sourcemap: true,
    },
    server: { port: 5173, strictPort: false },
  };
});
