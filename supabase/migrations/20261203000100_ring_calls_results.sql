-- The judging, live: ring calls and results (SPEC §3), written by organisers and ring clerks. Both tables
-- are mirrored, added under the sync contract's rules (docs/SYNC-COMPATIBILITY.md "What a migration may do
-- without a version bump"): installed builds do not name them and never receive them.
--
-- Registries judge differently (FIFe grades, certificates and nominations; TICA and CFA finals per ring),
-- so what they share is modelled and their words are data: a result's award is the organiser's text
-- ("EX1", "NOM", "Best Kitten", "Top 10 Allbreed Kitten", "BIS Category II"), with a place where the
-- award has one. A ring is a location of the event's schedule, as on the floor plan.

/**
 * Ring clerks call cats to the rings and record results, and nothing else. The role is the same
 * app_metadata claim as the organiser's ({"show_role": "ring_clerk"}), set only with the service-role key
 * (npm run organiser) or by an organiser (organiser_set_ring_clerk below). An organiser may do all a clerk
 * may. Read from auth.users, so taking the role away holds at once.
 */
create function public.is_ring_clerk() returns boolean
  language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select u.raw_app_meta_data ->> 'show_role' in ('organiser', 'ring_clerk') from auth.users u where u.id = auth.uid()),
    false)
$$;
revoke execute on function public.is_ring_clerk() from public, anon, authenticated;
-- Policies run it as the calling role; it reveals only the caller's own role.
grant execute on function public.is_ring_clerk() to anon, authenticated, service_role;

/** Refuses anyone but a ring clerk, an organiser or the service role (42501: 401 for anon, 403 for a visitor). */
create function public.ring_clerk_required() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (public.is_ring_clerk() or auth.role() is not distinct from 'service_role') then
    raise exception using errcode = '42501', message = 'Only the show''s organisers and ring clerks may do this.';
  end if;
end $$;
revoke execute on function public.ring_clerk_required() from public, anon, authenticated, service_role;

/** A ring's name as the schedule writes it, or an error in words when no session of the event is held there. */
create function public.event_ring(p_event_id bigint, p_ring text) returns text
language plpgsql stable security definer set search_path = '' as $$
declare
  v_ring text;
begin
  select s.location into v_ring from public.event_schedule s
   where s.event_id = p_event_id and lower(btrim(s.location)) = lower(btrim(p_ring))
   order by s.id limit 1;
  if v_ring is null then
    raise exception using errcode = '23514', message = format('No session of this show is held in "%s"', btrim(p_ring));
  end if;
  return v_ring;
end $$;
revoke execute on function public.event_ring(bigint, text) from public, anon, authenticated;

/** A catalogue number as printed ("052a " is 52A: shared/catalogue.ts), or null when it is not one. */
create function public.catalogue_number_printed(p_typed text) returns text
language sql immutable set search_path = '' as $$
  select m[1] || upper(m[2])
    from (select regexp_match(p_typed, '^\s*0*([1-9][0-9]{0,4})\s*([A-Za-z]?)\s*$') as m) typed
   where m is not null
$$;
revoke execute on function public.catalogue_number_printed(text) from public, anon, authenticated;

/** One call to a ring: the cats a clerk calls together ("Ring 1, shorthair kittens 251 to 256"). */
create table public.ring_calls (
  id bigint generated always as identity primary key,
  event_id bigint not null references public.events (id) on delete cascade,
  -- A location of the event's schedule, written as the schedule writes it.
  ring text not null check (btrim(ring) <> '' and char_length(ring) <= 80),
  -- What the clerk calls them by, when anything ("Shorthair kittens").
  label text check (char_length(label) <= 120),
  -- The entries called, as printed and in the order called; each one of the event's catalogue.
  catalogue_numbers text[] not null check (cardinality(catalogue_numbers) between 1 and 200),
  -- called → judging → done.
  status text not null default 'called' check (status in ('called', 'judging', 'done')),
  called_at timestamptz not null default now(),
  -- When the status last changed ("judging since 14:02").
  status_at timestamptz not null default now(),
  -- The ring-side operation that made the call, so a phone can move on a call it made offline.
  created_by uuid unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index ring_calls_sync_idx on public.ring_calls (updated_at, id);
create index ring_calls_event_idx on public.ring_calls (event_id, ring, called_at);

/**
 * One result: an award or a final's place given to a cat of the event's catalogue. A final is the
 * results sharing (event, ring, award), in place order; an award without places (EX1, NOM, CAC) is one
 * row per cat. A ring of null is the show's own (BIS, Visitor's Choice).
 */
create table public.results (
  id bigint generated always as identity primary key,
  event_id bigint not null references public.events (id) on delete cascade,
  ring text check (btrim(ring) <> '' and char_length(ring) <= 80),
  award text not null check (btrim(award) <> '' and char_length(award) <= 80),
  place integer check (place between 1 and 999),
  entry_id bigint not null references public.catalogue_entries (id) on delete cascade,
  judge text check (char_length(judge) <= 120),
  -- 'visitors_choice': the poll's winners, published by an organiser once voting has closed.
  kind text not null default 'judging' check (kind in ('judging', 'visitors_choice')),
  -- Visitors see published results only; clerks and organisers see their drafts too.
  published boolean not null default false,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index results_award_entry_idx on public.results (event_id, coalesce(ring, ''), award, entry_id);
create index results_sync_idx on public.results (updated_at, id);
create index results_entry_idx on public.results (entry_id);

/** A call's ring is one of the event's schedule locations, and each number is in the event's catalogue. */
create function public.ring_calls_check() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_number text;
  v_printed text[] := '{}';
begin
  new.ring := public.event_ring(new.event_id, new.ring);
  foreach v_number in array new.catalogue_numbers loop
    if public.catalogue_number_printed(v_number) is null
       or not exists (select 1 from public.catalogue_entries e
                       where e.event_id = new.event_id and e.catalogue_number = public.catalogue_number_printed(v_number)) then
      raise exception using errcode = '23514', message = format('No cat numbered %s is in this show''s catalogue', btrim(v_number));
    end if;
    if not public.catalogue_number_printed(v_number) = any(v_printed) then
      v_printed := v_printed || public.catalogue_number_printed(v_number);
    end if;
  end loop;
  new.catalogue_numbers := v_printed;
  if tg_op = 'UPDATE' and new.status is distinct from old.status then
    new.status_at := now();
  end if;
  return new;
end $$;
create trigger ring_calls_check before insert or update of event_id, ring, catalogue_numbers, status on public.ring_calls
  for each row execute function public.ring_calls_check();

/** A result names a cat of its own event's catalogue, and a ring where one of its sessions is held. */
create function public.results_check() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.catalogue_entries e where e.id = new.entry_id and e.event_id = new.event_id) then
    raise exception using errcode = '23514', message = 'A result names a cat of its own show''s catalogue';
  end if;
  if new.ring is not null then
    new.ring := public.event_ring(new.event_id, new.ring);
  end if;
  new.award := btrim(new.award);
  if new.published and (tg_op = 'INSERT' or not old.published) then
    new.published_at := coalesce(new.published_at, now());
  elsif not new.published then
    new.published_at := null;
  end if;
  return new;
end $$;
create trigger results_check before insert or update on public.results
  for each row execute function public.results_check();

do $$
declare t text;
begin
  foreach t in array array['ring_calls', 'results'] loop
    execute format('create trigger sync_touch before insert or update on public.%I for each row execute function public.sync_touch()', t);
    execute format('create trigger sync_tombstone after delete on public.%I for each row execute function public.sync_tombstone()', t);
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on table public.%I from anon, authenticated', t);
    execute format('grant select on table public.%I to anon, authenticated', t);
    perform public.organisers_may_write(t);
    -- Clerks write what organisers write here, and only here.
    execute format('create policy "ring clerks may add" on public.%I for insert to authenticated
                      with check ((select public.is_ring_clerk()))', t);
    execute format('create policy "ring clerks may change" on public.%I for update to authenticated
                      using ((select public.is_ring_clerk())) with check ((select public.is_ring_clerk()))', t);
    execute format('create policy "ring clerks may remove" on public.%I for delete to authenticated
                      using ((select public.is_ring_clerk()))', t);
  end loop;
end $$;
create policy "calls are public" on public.ring_calls for select to anon, authenticated using (true);
-- A draft result is the clerk's until published: a phone's mirror (pulled as anon) never holds one.
create policy "published results are public" on public.results for select to anon, authenticated
  using (published or (select public.is_ring_clerk()));

create or replace function public.sync_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array['breeds', 'organizations', 'catteries', 'cattery_has_breed', 'quality_labels',
               'cattery_has_quality_label', 'litters', 'litter_images', 'events', 'event_schedule', 'advertisers',
               'show_notices', 'catalogue_entries', 'floor_plans', 'places', 'ring_calls', 'results']
$$;
select public.sync_pull_rebuild();

/** The entry ids of p_numbers (printed or typed) in p_event_id's catalogue, in order; an unknown one refused in words. */
create function public.catalogue_entry_ids(p_event_id bigint, p_numbers jsonb) returns bigint[]
language plpgsql stable security definer set search_path = '' as $$
declare
  v_number jsonb;
  v_id bigint;
  v_ids bigint[] := '{}';
begin
  if jsonb_typeof(p_numbers) is distinct from 'array' or jsonb_array_length(p_numbers) not between 1 and 200 then
    raise exception using errcode = '22023', message = 'Name one to 200 catalogue numbers.';
  end if;
  for v_number in select * from jsonb_array_elements(p_numbers) loop
    if jsonb_typeof(v_number) <> 'string' then
      raise exception using errcode = '22023', message = 'Catalogue numbers are texts ("52", "52A").';
    end if;
    select e.id into v_id from public.catalogue_entries e
     where e.event_id = p_event_id and e.catalogue_number = public.catalogue_number_printed(v_number #>> '{}');
    if v_id is null then
      raise exception using errcode = '23514', message = format('No cat numbered %s is in this show''s catalogue', btrim(v_number #>> '{}'));
    end if;
    if v_id = any(v_ids) then
      raise exception using errcode = '22023', message = format('%s is named twice.', public.catalogue_number_printed(v_number #>> '{}'));
    end if;
    v_ids := v_ids || v_id;
  end loop;
  return v_ids;
end $$;
revoke execute on function public.catalogue_entry_ids(bigint, jsonb) from public, anon, authenticated;

/** The call an action names: {"call_id": 12} or, made offline, {"created_by": "<op>"}. */
create function public.ring_call_named(p_action jsonb) returns public.ring_calls
language plpgsql stable security definer set search_path = '' as $$
declare
  v_call public.ring_calls;
begin
  if jsonb_typeof(p_action -> 'call_id') = 'number' then
    select * into v_call from public.ring_calls where id = (p_action ->> 'call_id')::bigint;
  elsif jsonb_typeof(p_action -> 'created_by') = 'string' then
    select * into v_call from public.ring_calls where created_by = (p_action ->> 'created_by')::uuid;
  end if;
  if v_call.id is null then
    raise exception using errcode = '22023', message = 'This call is no longer there: it was withdrawn.';
  end if;
  return v_call;
end $$;
revoke execute on function public.ring_call_named(jsonb) from public, anon, authenticated;

/**
 * What a ring clerk does at the ring, sent from the ring-side screen's outbox; the operation id makes a
 * resend change nothing, and a phone sends its ring-side actions in order. p_action is one of
 *   {"type": "call", "ring": "Ring 1", "label": "Shorthair kittens", "numbers": ["251", …]}
 *   {"type": "call_status", "call_id": 12 | "created_by": "<op>", "status": "judging" | "done" | "called"}
 *   {"type": "withdraw_call", "call_id": 12 | "created_by": "<op>"}
 *   {"type": "final", "ring": "Ring 1", "award": "Best Kitten", "judge": "…", "numbers": ["251", …]}
 *        places 1, 2, … in the order given; the award's earlier places not named are removed
 *   {"type": "award", "ring": "Ring 1", "award": "EX1", "judge": "…", "numbers": ["251", …]}
 *        the award without a place to each cat named (added to those it has)
 *   {"type": "withdraw", "ring": "Ring 1", "award": "EX1", "numbers": ["251"] | null}
 *        removes the award from those cats (null: from every cat)
 *   {"type": "publish", "ring": "Ring 1", "award": "Best Kitten" | null}
 *        makes the award's results (null: all the ring's) public
 * A ring of null in final, award, withdraw and publish is the show's own (BIS). Refusals are in the ring
 * side's words: 22023 for a malformed action, 23514 for a ring or number the show does not have.
 */
create function public.ring_side(p_op uuid, p_event_id bigint, p_action jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_done jsonb;
  v_type text;
  v_ring text;
  v_award text;
  v_judge text;
  v_ids bigint[];
  v_call public.ring_calls;
  v_result jsonb;
  v_count integer;
  v_i integer;
begin
  perform public.ring_clerk_required();
  perform pg_advisory_xact_lock(hashtextextended(p_op::text, 17));
  v_done := public.organiser_replayed(p_op, 'ring_side');
  if v_done is not null then
    return v_done;
  end if;
  if not exists (select 1 from public.events where id = p_event_id) then
    raise exception using errcode = '22023', message = 'This show is no longer there.';
  end if;
  if jsonb_typeof(p_action) is distinct from 'object' or jsonb_typeof(p_action -> 'type') is distinct from 'string' then
    raise exception using errcode = '22023', message = 'p_action names its type';
  end if;
  v_type := p_action ->> 'type';
  if p_action ? 'ring' and jsonb_typeof(p_action -> 'ring') not in ('string', 'null') then
    raise exception using errcode = '22023', message = 'ring is a text';
  end if;
  v_ring := case when jsonb_typeof(p_action -> 'ring') = 'string' then public.event_ring(p_event_id, p_action ->> 'ring') end;
  -- One ring at a time per event, so two clerks' finals and calls do not interleave.
  perform pg_advisory_xact_lock(hashtextextended('ring_side:' || p_event_id || ':' || coalesce(lower(v_ring), ''), 17));

  if v_type in ('final', 'award', 'withdraw', 'publish') then
    if jsonb_typeof(p_action -> 'award') = 'string' then
      v_award := btrim(p_action ->> 'award');
      if v_award = '' or char_length(v_award) > 80 then
        raise exception using errcode = '22023', message = 'Name the award in at most 80 characters (e.g. Best Kitten, EX1).';
      end if;
    elsif v_type in ('final', 'award', 'withdraw') then
      raise exception using errcode = '22023', message = 'Name the award (e.g. Best Kitten, EX1).';
    end if;
  end if;
  if v_type in ('final', 'award') then
    v_judge := nullif(btrim(p_action ->> 'judge'), '');
    if char_length(v_judge) > 120 then
      raise exception using errcode = '22023', message = 'A judge''s name is at most 120 characters.';
    end if;
  end if;

  if v_type = 'call' then
    if v_ring is null then
      raise exception using errcode = '22023', message = 'Name the ring the cats are called to.';
    end if;
    v_ids := public.catalogue_entry_ids(p_event_id, p_action -> 'numbers');
    insert into public.ring_calls (event_id, ring, label, catalogue_numbers, created_by)
      select p_event_id, v_ring, nullif(btrim(p_action ->> 'label'), ''), array_agg(e.catalogue_number order by u.ord), p_op
        from unnest(v_ids) with ordinality u(id, ord) join public.catalogue_entries e on e.id = u.id
      returning * into v_call;
    v_result := jsonb_build_object('call_id', v_call.id, 'status', v_call.status);
  elsif v_type in ('call_status', 'withdraw_call') then
    v_call := public.ring_call_named(p_action);
    if v_type = 'withdraw_call' then
      delete from public.ring_calls where id = v_call.id;
      v_result := jsonb_build_object('call_id', v_call.id, 'withdrawn', true);
    else
      if p_action ->> 'status' is null or p_action ->> 'status' not in ('called', 'judging', 'done') then
        raise exception using errcode = '22023', message = 'A call is called, judging or done.';
      end if;
      update public.ring_calls set status = p_action ->> 'status' where id = v_call.id and status <> p_action ->> 'status';
      v_result := jsonb_build_object('call_id', v_call.id, 'status', p_action ->> 'status');
    end if;
  elsif v_type in ('final', 'award') then
    v_ids := public.catalogue_entry_ids(p_event_id, p_action -> 'numbers');
    if v_type = 'final' then
      delete from public.results
       where event_id = p_event_id and ring is not distinct from v_ring and award = v_award and not entry_id = any(v_ids);
    end if;
    for v_i in 1 .. cardinality(v_ids) loop
      insert into public.results (event_id, ring, award, place, entry_id, judge)
        values (p_event_id, v_ring, v_award, case when v_type = 'final' then v_i end, v_ids[v_i], v_judge)
        on conflict (event_id, coalesce(ring, ''), award, entry_id) do update
          set place = excluded.place, judge = coalesce(excluded.judge, public.results.judge)
          where (public.results.place, public.results.judge) is distinct from (excluded.place, coalesce(excluded.judge, public.results.judge));
    end loop;
    v_result := jsonb_build_object('results', cardinality(v_ids));
  elsif v_type = 'withdraw' then
    if jsonb_typeof(p_action -> 'numbers') = 'array' then
      v_ids := public.catalogue_entry_ids(p_event_id, p_action -> 'numbers');
    end if;
    delete from public.results
     where event_id = p_event_id and ring is not distinct from v_ring and award = v_award
       and (v_ids is null or entry_id = any(v_ids));
    get diagnostics v_count = row_count;
    v_result := jsonb_build_object('withdrawn', v_count);
  elsif v_type = 'publish' then
    update public.results set published = true
     where event_id = p_event_id and ring is not distinct from v_ring and (v_award is null or award = v_award)
       and kind = 'judging' and not published;
    get diagnostics v_count = row_count;
    v_result := jsonb_build_object('published', v_count);
  else
    raise exception using errcode = '22023', message = format('Unknown ring-side action "%s"', v_type);
  end if;

  v_result := v_result || jsonb_build_object('op', p_op, 'type', v_type, 'replayed', false);
  insert into public.organiser_operations (op_id, kind, user_id, result)
    values (p_op, 'ring_side', auth.uid(), v_result);
  return v_result;
end $$;
revoke execute on function public.ring_side(uuid, bigint, jsonb) from public, anon, authenticated;
grant execute on function public.ring_side(uuid, bigint, jsonb) to authenticated, service_role;

/**
 * Publishes Visitor's Choice: the p_places most voted cats of the event's catalogue, once voting has
 * closed, as results of kind 'visitors_choice' (cats with as many votes share a place). Counts and voters
 * stay in visitor_choice, which only organisers read. Publishing again replaces the earlier winners.
 */
create function public.organiser_publish_visitors_choice(p_op uuid, p_event_id bigint, p_places integer default 3) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_done jsonb;
  v_event public.events;
  v_count integer;
  v_result jsonb;
begin
  perform public.organiser_required();
  perform pg_advisory_xact_lock(hashtextextended(p_op::text, 17));
  v_done := public.organiser_replayed(p_op, 'publish_visitors_choice');
  if v_done is not null then
    return v_done;
  end if;
  select * into v_event from public.events where id = p_event_id;
  if not found then
    raise exception using errcode = '22023', message = 'This show is no longer there.';
  end if;
  if p_places is null or p_places not between 1 and 10 then
    raise exception using errcode = '22023', message = 'Publish one to ten places.';
  end if;
  if now() < public.event_voting_closes_at(v_event.end_date, v_event.time_zone) then
    raise exception using errcode = '22023', message = 'Voting for this event has not closed yet: publish the winners once it has.';
  end if;
  if not exists (select 1 from public.catalogue_entries where event_id = p_event_id) then
    raise exception using errcode = '22023', message = 'This show has no catalogue, so its winners cannot be named.';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('visitors_choice:' || p_event_id, 17));
  delete from public.results where event_id = p_event_id and kind = 'visitors_choice';
  insert into public.results (event_id, ring, award, place, entry_id, kind, published)
    select p_event_id, null, 'Visitor''s Choice', ranked.place, ranked.entry_id, 'visitors_choice', true
      from (select e.id as entry_id, dense_rank() over (order by count(*) desc)::integer as place
              from public.visitor_choice v
              join public.catalogue_entries e on e.event_id = v.event_id and e.catalogue_number = v.catalog_number
             where v.event_id = p_event_id
             group by e.id) ranked
     where ranked.place <= p_places;
  get diagnostics v_count = row_count;
  v_result := jsonb_build_object('op', p_op, 'winners', v_count, 'replayed', false);
  insert into public.organiser_operations (op_id, kind, user_id, result)
    values (p_op, 'publish_visitors_choice', auth.uid(), v_result);
  return v_result;
end $$;
revoke execute on function public.organiser_publish_visitors_choice(uuid, bigint, integer) from public, anon, authenticated;
grant execute on function public.organiser_publish_visitors_choice(uuid, bigint, integer) to authenticated, service_role;

/**
 * An organiser makes a signed-in account a ring clerk, or takes the role away (p_clerk false), from the
 * console: the same claim npm run organiser sets. An organiser's own role is never changed here.
 */
create function public.organiser_set_ring_clerk(p_email text, p_clerk boolean) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_user auth.users;
  v_role text;
begin
  perform public.organiser_required();
  if p_email is null or p_clerk is null then
    raise exception using errcode = '22023', message = 'Name the account by its e-mail address.';
  end if;
  select * into v_user from auth.users where lower(email) = lower(btrim(p_email)) limit 1;
  if not found then
    raise exception using errcode = '22023', message = format('No account is registered with %s. They sign up in the app first.', btrim(p_email));
  end if;
  v_role := v_user.raw_app_meta_data ->> 'show_role';
  if v_role = 'organiser' then
    raise exception using errcode = '22023', message = format('%s is an organiser, who may already do all a ring clerk may.', v_user.email);
  end if;
  update auth.users
     set raw_app_meta_data = case when p_clerk then coalesce(raw_app_meta_data, '{}'::jsonb) || '{"show_role": "ring_clerk"}'::jsonb
                                  else coalesce(raw_app_meta_data, '{}'::jsonb) - 'show_role' end
   where id = v_user.id;
  return jsonb_build_object('email', v_user.email, 'ring_clerk', p_clerk);
end $$;
revoke execute on function public.organiser_set_ring_clerk(text, boolean) from public, anon, authenticated;
grant execute on function public.organiser_set_ring_clerk(text, boolean) to authenticated, service_role;

/** The show's ring clerks' e-mail addresses, for the console (organisers only). */
create function public.organiser_ring_clerks() returns setof text
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.organiser_required();
  return query select u.email::text from auth.users u where u.raw_app_meta_data ->> 'show_role' = 'ring_clerk' order by u.email;
end $$;
revoke execute on function public.organiser_ring_clerks() from public, anon, authenticated;
grant execute on function public.organiser_ring_clerks() to authenticated, service_role;
