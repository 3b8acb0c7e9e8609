// Routes and the chrome around every page (header, menu overlay, footers, cookie banner).
import { createBrowserRouter, RouterProvider, useRouteError, isRouteErrorResponse } from 'react-router';
import { appConfig } from '../config.ts';
import { Layout } from './layout.tsx';
import { HomePage } from '../features/home/home-page.tsx';

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

const router = createBrowserRouter(
  [
    {
      element: <Layout />,
      errorElement: <RouteError />,
      children: [{ index: true, element: <HomePage /> }],
    },
  ],
  { basename: appConfig().basePath },
);

export function App() {
  return <RouterProvider router={router} />;
}
