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

const router = createBrowserRouter([{ element: <Layout />, errorElement: <RouteError />, children: routes }], {
  basename: appConfig().basePath,
});

export function App() {
  return <RouterProvider router={router} />;
}
