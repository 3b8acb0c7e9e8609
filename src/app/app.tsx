// The router: every page inside the shared chrome; unknown routes fall to SPEC §8's fallback.
import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { createBrowserRouter, isRouteErrorResponse, RouterProvider, useRouteError } from 'react-router';
import { appConfig } from '../config.ts';
import { Layout } from './layout.tsx';
import { routes } from './routes.tsx';

function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="page">
      <h1>Unexpected Application Error!</h1>
      <p className="error-box" role="alert">
        {message}
      </p>
    </main>
  );
}

// Made on first render, not on import: startup.ts imports this module even when the build's settings are
// invalid, and then shows its error screen instead.
let router: ReturnType<typeof createBrowserRouter> | null = null;

export function App() {
  router ??= createBrowserRouter([{ element: <Layout />, errorElement: <RouteError />, children: routes }], {
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
