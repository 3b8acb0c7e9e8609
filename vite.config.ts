import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  base: process.env.VITE_BASE_PATH || '/',
  plugins: [react()],
  build: {
    // bench/ reads the manifest to measure the first route's JavaScript.
    manifest: true,
    target: 'es2022',
    sourcemap: true,
  },
  server: { port: 5173, strictPort: false },
});
