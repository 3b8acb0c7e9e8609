// Guards signed-in screens: anonymous visitors go to /login?next=<here> and come back after signing in.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasSavedSession, useAuth } from '../../data/backend.ts';
import { Loading } from '../../ui/states.tsx';
import { paths } from '../../../shared/paths.ts';

export function RequireSignIn({ children }: { children: ReactNode }) {
  const { ready, isAuthenticated } = useAuth();
  const location = useLocation();
  // Until supabase-js has read a stored session, "signed out" is not yet known; with none stored it is
  // (supabase-js loads only after the first screen then, which can take seconds offline).
  if (!ready && hasSavedSession()) {
    return (
      <main className="page">
        <Loading>Checking your sign-in…</Loading>
      </main>
    );
  }
  if (!isAuthenticated) {
    return <Navigate to={paths.login(`${location.pathname}${location.search}`)} replace />;
  }
  return <>{children}</>;
}
