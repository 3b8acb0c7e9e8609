// The router: every page inside the shared chrome; unknown routes fall to SPEC §8's fallback.
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

// Made on first render, not on import: main.tsx imports this module even when the build's settings are
// invalid, and then shows its error screen instead.
let router: ReturnType<typeof createBrowserRouter> | null = null;

export function App() {
  router ??= createBrowserRouter([{ element: <Layout />, errorElement: <RouteError />, children: routes }], {
    basename: appConfig().basePath,
  });
  return <RouterProvider router={router} />;
}
