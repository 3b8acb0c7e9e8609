import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './app/pwa.ts';
import { configResult } from './config.ts';
import { hasSavedSession } from './data/auth.ts';
import { startMirrorSync } from './data/sync/boot.ts';
import './app/app.css';

const root = createRoot(document.getElementById('root')!);

if (!configResult.ok) {
  // Without a valid backend URL and key nothing works; say exactly what to fix.
  root.render(
    <main className="config-error">
      <h1>PurrFect Show is not configured</h1>
      <p>The build environment has invalid settings:</p>
      <ul>
        {configResult.problems.map((p) => (
          <li key={p}>
            <code>{p}</code>
          </li>
        ))}
      </ul>
      <p>Fix them in .env (see .env.example) and build again.</p>
    </main>,
  );
} else {
  // First, because a first visit's screens wait for it: the sync worker and its first pull.
  const firstPull = startMirrorSync();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // supabase-js for the page (the session, the outbox) at once for a signed-in visitor; otherwise after
  // the first pull, so that on a first visit it does not compete with the worker for the bandwidth the
  // first screen waits on. The service worker's precache (1.5 MB) waits for the first pull too.
  // Actions that need the backend sooner (sending a vote, signing in) load it themselves (data/actions.ts).
  void (hasSavedSession() ? Promise.resolve() : firstPull)
    .then(() => import('./data/app-data.ts'))
    .then(({ startDataLayer }) => startDataLayer());
  void firstPull.then(registerServiceWorker);
}
