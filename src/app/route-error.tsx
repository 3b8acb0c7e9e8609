// SPEC §8's fallback page, "Unexpected Application Error!" with the error message: for unknown routes and
// for a screen that fails to render. It sits inside the header and footers and offers a way back in.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

function ErrorScreen({ message }: { message: string }) {
  return (
    <main className="page">
      <h1>Unexpected Application Error!</h1>
      <p className="error-box" role="alert">
        {message}
      </p>
      <p className="error-links">
        <Link to="/" className="button">
          Go to the home page
        </Link>
        <Link to="/breeds">Browse the breeds</Link>
      </p>
    </main>
  );
}

/** An unknown route: the message React Router gives a path that matches nothing. */
export function NotFound() {
  return <ErrorScreen message="404 Not Found" />;
}

/** A route's errorElement: what went wrong while rendering a screen. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return <ErrorScreen message={message} />;
}
