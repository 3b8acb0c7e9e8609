-- The live show: every statement that changes a mirrored table sends one poke through
-- Supabase's realtime.send, the same on hosted Supabase (Broadcast from the database) and on the venue
-- server (server/sql/bootstrap.sql: NOTIFY to its websocket). A poke carries no rows: the phone pulls.

-- realtime.send is part of the platform: without it this is a deploy error, said now rather than
-- swallowed by every write's trigger below.
do $$
begin
  if to_regprocedure('realtime.send(jsonb, text, text, boolean)') is null then
    raise exception 'realtime.send(jsonb, text, text, boolean) is missing: the live show needs Supabase Realtime (hosted) or the venue server''s bootstrap';
  end if;
end $$;

/**
 * Once per statement on a mirrored table. Topic, event and payload are shared/live.ts's LIVE_TOPIC,
 * LIVE_EVENT and LivePoke (SQL cannot import them). Definer: writers (anon, authenticated) may not call
 * realtime.send themselves. A poke that cannot be sent never fails the organiser's write.
 */
create function public.live_poke() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform realtime.send(jsonb_build_object('tables', jsonb_build_array(tg_table_name)), 'changed', 'show:catalogue', false);
  return null;
exception when others then
  raise warning 'live poke for % not sent: %', tg_table_name, sqlerrm;
  return null;
end $$;

/**
 * Puts the poke trigger on every table of sync_tables(); idempotent. sync_pull_rebuild() calls it, so a
 * migration that adds a mirrored table gets its pokes with its pull.
 */
create function public.live_pokes_install() returns void
language plpgsql set search_path = '' as $$
declare
  v_table text;
begin
  foreach v_table in array public.sync_tables() loop
    execute format('create or replace trigger live_poke after insert or update or delete or truncate on public.%I '
                   'for each statement execute function public.live_poke()', v_table);
  end loop;
end $$;

select public.live_pokes_install();

-- For triggers and migrations only (see 20261121000800: revoke from public explicitly).
revoke execute on function public.live_poke(), public.live_pokes_install() from public, anon, authenticated, service_role;
