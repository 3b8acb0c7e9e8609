import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configResult } from './config.ts';
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
  const [{ App }, { startDataLayer }] = await Promise.all([import('./app/app.tsx'), import('./data/app-data.ts')]);
  startDataLayer();
  void import('./app/pwa.ts').then(({ registerServiceWorker }) => registerServiceWorker());
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
