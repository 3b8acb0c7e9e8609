// The router: every page inside the shared chrome; unknown routes and failing screens fall to SPEC §8's
// fallback, inside the chrome too (a pathless route catches them below the layout).
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { appConfig } from '../config.ts';
import { Layout } from './layout.tsx';
import { RouteError } from './route-error.tsx';
import { routes } from './routes.tsx';

// Made on first render, not on import: startup.ts imports this module even when the build's settings are
// invalid, and then shows its error screen instead.
let router: ReturnType<typeof createBrowserRouter> | null = null;

export function App() {
  router ??= createBrowserRouter([{ element: <Layout />, errorElement: <RouteError />, children: [{ errorElement: <RouteError />, children: routes }] }], {
    basename: appConfig().basePath,
  });
  return <RouterProvider router={router} />;
}

/** Renders the app (startup.ts's "shell rendered" phase). */
export function renderApp(root: Root): void {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

/** The screen for a build with invalid settings: it names each one to fix. */
export function renderConfigError(root: Root, problems: readonly string[]): void {
  root.render(
    <main className="config-error">
      <h1>PurrFect Show is not configured</h1>
      <p>The build environment has invalid settings:</p>
      <ul>
        {problems.map((p) => (
          <li key={p}>
            <code>{p}</code>
          </li>
        ))}
      </ul>
      <p>Fix them in .env (see .env.example) and build again.</p>
    </main>,
  );
}
