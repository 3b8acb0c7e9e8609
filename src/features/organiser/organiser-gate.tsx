// Guards the organiser console (inside RequireSignIn, composed in src/app/routes.tsx): a signed-in visitor
// without the role is told so. A UX check only: RLS and the organiser functions decide what happens.
import type { ReactNode } from 'react';
import { useAuth } from '../../data/backend.ts';
import { ErrorBox } from '../../ui/states.tsx';
import { ORGANISER_MESSAGES } from '../../../shared/messages.ts';

export function OrganiserGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!user?.organiser) {
    return (
      <main className="page">
        <h1>Organiser console</h1>
        <ErrorBox>{ORGANISER_MESSAGES.notOrganiser}</ErrorBox>
      </main>
    );
  }
  return <>{children}</>;
}
