-- What organisers may do: write the public catalogue and read the votes. Nothing else changes:
-- visitors keep their rights, and organisers read no coupon codes and no other visitor's profile.
-- The grants go to `authenticated` (the database role of every signed-in user); the policies admit
-- only those whose account carries the organiser claim (public.is_organiser(), 20261127000100).
-- Inserts need no sequence grant: identity columns draw their ids without the caller's privileges.

/**
 * Opens one mirrored table to organisers' writes. A later migration that adds a mirrored table calls it
 * for that table too (after the revoke that narrows Supabase's default grants).
 */
create function public.organisers_may_write(p_table text) returns void
language plpgsql set search_path = '' as $$
begin
  -- Without RLS the grant alone would let every signed-in visitor write: make sure it is on.
  execute format('alter table public.%I enable row level security', p_table);
  execute format('grant insert, update, delete on table public.%I to authenticated', p_table);
  -- (select …) lets Postgres evaluate the check once per statement rather than once per row.
  execute format('create policy "organisers may add" on public.%I for insert to authenticated
                    with check ((select public.is_organiser()))', p_table);
  execute format('create policy "organisers may change" on public.%I for update to authenticated
                    using ((select public.is_organiser())) with check ((select public.is_organiser()))', p_table);
  execute format('create policy "organisers may remove" on public.%I for delete to authenticated
                    using ((select public.is_organiser()))', p_table);
end $$;

revoke execute on function public.organisers_may_write(text) from public, anon, authenticated, service_role;

do $$
declare t text;
begin
  foreach t in array public.sync_tables() loop
    perform public.organisers_may_write(t);
  end loop;
end $$;

-- Votes: organisers read them (results and the prize draw); they still cannot change or delete one.
grant select on table public.visitor_choice to authenticated;
create policy "organisers read votes" on public.visitor_choice for select to authenticated
  using ((select public.is_organiser()));

-- An event's time zone was checked by a CHECK constraint calling public.is_time_zone_name, which the
-- API roles may not execute (000800), so an organiser could neither add nor edit an event. The same
-- check as a trigger runs with its owner's rights: the rule, its error code (23514) and its name stay,
-- and visitors still cannot call the function.
create function public.events_time_zone_valid() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not coalesce(public.is_time_zone_name(new.time_zone), false) then
    raise exception using errcode = '23514', constraint = 'events_time_zone_valid', table = 'events',
      message = 'new row for relation "events" violates check constraint "events_time_zone_valid"';
  end if;
  return new;
end $$;
revoke execute on function public.events_time_zone_valid() from public, anon, authenticated;

alter table public.events drop constraint events_time_zone_valid;
create trigger events_time_zone_valid before insert or update of time_zone on public.events
  for each row execute function public.events_time_zone_valid();
