// The router: every page inside the shared chrome; unknown routes and failing screens fall to SPEC §8's
// fallback, inside the chrome too (a boundary below the layout catches them).
import { StrictMode, useEffect, useMemo } from 'react';
import type { Root } from 'react-dom/client';
import { BrowserRouter, matchRoutes, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { appConfig } from '../config.ts';
import { documentTitle } from '../ui/use-document-title.ts';
import { Layout } from './layout.tsx';
import { RouteErrorBoundary } from './route-error.tsx';
import { routes, type RouteTitle } from './routes.tsx';

// The declarative router, not createBrowserRouter: the app uses no loaders, actions or fetchers, and the
// data router costs the first route ~18 KiB gzip. Errors go to React error boundaries instead of
// errorElement: one outside the chrome, one inside it (for a screen that fails, the chrome stays).
const tree: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        element: (
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        ),
        children: routes,
      },
    ],
  },
];

function AppRoutes() {
  const location = useLocation();
  // A route with a fixed title sets it here; screens named by their data (a breed, a cattery) set their own.
  const routeTitle = useMemo(() => (matchRoutes(tree, location)?.at(-1)?.route.handle as RouteTitle | undefined)?.title, [location]);
  useEffect(() => {
    if (routeTitle !== undefined) document.title = documentTitle(routeTitle);
  }, [routeTitle]);
  return useRoutes(tree);
}

function App() {
  return (
    <BrowserRouter basename={appConfig().basePath}>
      <RouteErrorBoundary>
        <AppRoutes />
      </RouteErrorBoundary>
    </BrowserRouter>
  );
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
