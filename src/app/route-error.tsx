// SPEC §8's fallback page, "Unexpected Application Error!" with the error message: for unknown routes and
// for a screen that fails to render. It sits inside the header and footers and offers a way back in. A
// screen whose code has not reached the phone (offline before the second phase arrived) says so in words.
import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { OFFLINE_READY_TEXTS } from '../ui/offline-ready-texts.ts';

/**
 * A lazy screen's file did not load: each engine words it its own way (Chromium, Firefox, WebKit), and
 * Vite's preload of a chunk's CSS its own.
 */
function isMissingCode(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

function NotArrivedScreen() {
  return (
    <main className="page">
      <h1>{OFFLINE_READY_TEXTS.notArrivedHeading}</h1>
      <p role="alert">{OFFLINE_READY_TEXTS.notArrived}</p>
      <p className="error-links">
        {/* lazy() keeps a failed import: only a new page load asks for the file again. */}
        <button type="button" className="button" onClick={() => location.reload()}>
          {OFFLINE_READY_TEXTS.tryAgain}
        </button>
        <Link to="/">Go to the home page</Link>
      </p>
    </main>
  );
}

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

interface BoundaryProps {
  children: ReactNode;
}
interface BoundaryState {
  error: unknown;
  /** The path the error happened on: following a link elsewhere clears it. */
  path: string | null;
}

/** What went wrong while rendering a screen (a React error boundary; reset by the next navigation). */
export function RouteErrorBoundary({ children }: BoundaryProps) {
  return <Boundary path={useLocation().pathname}>{children}</Boundary>;
}

class Boundary extends Component<BoundaryProps & { path: string }, BoundaryState> {
  override state: BoundaryState = { error: null, path: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: { path: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.path === state.path ? null : { error: null, path: props.path };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (isMissingCode(error)) return <NotArrivedScreen />;
    return <ErrorScreen message={error instanceof Error ? error.message : String(error)} />;
  }
}
