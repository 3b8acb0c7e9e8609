// Guards the organiser console (inside RequireSignIn, composed in src/app/routes.tsx): a signed-in visitor
// without the role is told so; a ring clerk is offered the ring-side screen, the one page that is theirs.
// A UX check only: RLS and the organiser functions decide what happens.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../data/backend.ts';
import { ErrorBox } from '../../ui/states.tsx';
import { ORGANISER_MESSAGES } from '../../../shared/messages.ts';
import { paths } from '../../../shared/paths.ts';
import { RING_SIDE_TEXTS } from './ring-side-texts.ts';

export function OrganiserGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!user?.organiser) {
    return (
      <main className="page">
        <h1>Organiser console</h1>
        {user?.ringClerk ? (
          <>
            <p>{RING_SIDE_TEXTS.clerkHere}</p>
            <p>
              <Link className="button" to={paths.ringSide}>
                {RING_SIDE_TEXTS.openRingSide}
              </Link>
            </p>
          </>
        ) : (
          <ErrorBox>{ORGANISER_MESSAGES.notOrganiser}</ErrorBox>
        )}
      </main>
    );
  }
  return <>{children}</>;
}

/** Guards the ring-side screen: ring clerks and organisers. */
export function RingClerkGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!user?.ringClerk) {
    return (
      <main className="page">
        <h1>{RING_SIDE_TEXTS.title}</h1>
        <ErrorBox>{ORGANISER_MESSAGES.notRingClerk}</ErrorBox>
      </main>
    );
  }
  return <>{children}</>;
}
