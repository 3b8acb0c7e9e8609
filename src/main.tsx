import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './app/pwa.ts';
import { configResult } from './config.ts';
import { hasSavedSession } from './data/auth.ts';
import { afterFirstScreen, sliceRenders } from './data/first-screen.ts';
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
  const render = () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  // On a first visit a transition: React renders the shell in slices of a few milliseconds instead of
  // one long task, so the main thread stays responsive while the first screen waits for its data.
  if (sliceRenders) startTransition(render);
  else render();
  // supabase-js for the page (the session, the outbox) at once for a signed-in visitor; otherwise once
  // the first pull has been rendered and the page is idle, so that on a first visit it competes neither
  // with the worker's download nor with the first screen's render and pictures. The service worker's
  // precache (1.5 MB) waits the same way. Actions that need the backend sooner (sending a vote, signing
  // in) load it themselves (data/actions.ts).
  const firstScreenShown = afterFirstScreen(firstPull);
  void (hasSavedSession() ? Promise.resolve() : firstScreenShown)
    // supabase-js first, then the outbox and its schemas in a later task: two short tasks, not one long.
    .then(() => import('./data/supabase.ts'))
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import('./data/app-data.ts'))
    .then(({ startDataLayer }) => startDataLayer());
  void firstScreenShown.then(registerServiceWorker);
}
