-- A session's revision: how many times what a calendar shows of it (day, times, place, status, title,
-- description) has changed. The calendar feed (supabase/functions/calendar) adds it to SEQUENCE, so two
-- changes within one second of updated_at still reach a subscribed phone as a newer version.
-- Compatible with installed builds (docs/SYNC-COMPATIBILITY.md): one defaulted column on a mirrored table,
-- which their row schema strips; the app does not mirror it.
alter table public.event_schedule add column revision integer not null default 0 check (revision >= 0);

/** Raises revision on a change a calendar shows; a writer cannot set it (a stale value would lower SEQUENCE). */
create function public.event_schedule_revision() returns trigger
language plpgsql set search_path = '' as $$
begin
  if (new.schedule_date, new.start_time, new.end_time, new.location, new.status, new.title, new.description)
     is distinct from
     (old.schedule_date, old.start_time, old.end_time, old.location, old.status, old.title, old.description) then
    new.revision := old.revision + 1;
  else
    new.revision := old.revision;
  end if;
  return new;
end $$;

create trigger event_schedule_revision before update on public.event_schedule
  for each row execute function public.event_schedule_revision();

revoke execute on function public.event_schedule_revision() from public, anon, authenticated;
