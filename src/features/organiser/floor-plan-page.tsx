// /organiser/floor-plan: the console's floor-plan editor. The event is chosen as on the console's first page;
// its plan and places are the mirror's (useEventHall), with the organiser's own changes drawn over them
// while they are on their way.
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { db, useEventHall } from '../../data/mirror.ts';
import { useAuth } from '../../data/backend.ts';
import { compareText } from '../../../shared/compare.ts';
import { activeEvent, upcomingEvents } from '../../../shared/schedule.ts';
import { Loading } from '../../ui/states.tsx';
import { useNow } from '../../ui/use-now.ts';
import { ConsoleNav } from './console-nav.tsx';
import { EventChooser } from './event-chooser.tsx';
import { FloorPlanEditor } from './floor-plan-editor.tsx';
import { FLOOR_PLAN_EDITOR_TEXTS as T } from './floor-plan-editor-texts.ts';
import { useConsoleData } from './use-console-data.ts';
import './console.css';
import './floor-plan-editor.css';

export function FloorPlanPage() {
  const { user } = useAuth();
  const now = useNow(60_000);
  const data = useConsoleData();
  const [chosen, setChosen] = useState<number | null>(null);
  const choices = data ? upcomingEvents(data.events, now) : [];
  const event = choices.find((e) => e.id === chosen) ?? activeEvent(choices, now);
  const hall = useEventHall(event?.id);
  const advertisers = useLiveQuery(async () => (await db.advertisers.toArray()).sort((a, b) => compareText(a.company_name, b.company_name)), []);
  const locations =
    data && event ? [...new Set(data.sessions.filter((s) => s.event_id === event.id).flatMap((s) => (s.location ? [s.location] : [])))].sort(compareText) : [];

  return (
    <main className="page console floor-plan-page">
      <h1>{T.title}</h1>
      <ConsoleNav />
      <p className="muted">{T.intro}</p>
      {!data || !user || (event && (!hall || !advertisers)) ? (
        <Loading>{T.loading}</Loading>
      ) : !event ? (
        <p>{T.noEvent}</p>
      ) : (
        <>
          <EventChooser events={choices} value={event.id} onChange={setChosen} />
          {!hall?.plan ? (
            <p className="floor-plan-none">{T.noPlan(event.name)}</p>
          ) : (
            <FloorPlanEditor
              key={hall.plan.id}
              eventName={event.name}
              plan={hall.plan}
              stored={hall.places}
              locations={locations}
              advertisers={advertisers ?? []}
              userId={user.id}
            />
          )}
        </>
      )}
    </main>
  );
}
