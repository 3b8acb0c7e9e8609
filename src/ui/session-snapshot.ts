// What a starred session keeps in "My show" (data/favourites.ts) for when the show deletes it.
export interface SessionSnapshot {
  title: string;
  event_id: number;
  schedule_date: string;
  start_time: string;
  end_time: string;
  location: string | null;
}

/** The snapshot a session's star stores: its title, day, times, place and event. */
export const sessionSnapshot = (s: SessionSnapshot): Record<string, unknown> & SessionSnapshot => ({
  title: s.title,
  event_id: s.event_id,
  schedule_date: s.schedule_date,
  start_time: s.start_time,
  end_time: s.end_time,
  location: s.location,
});
