-- The live schedule and show notices (organiser console). Compatible with installed builds
-- (docs/SYNC-COMPATIBILITY.md): event_schedule only gains defaulted/nullable columns, and its
-- start/end/location keep holding the CURRENT values, so an old build shows the new times; notices
-- are a new mirrored table that old builds never ask for.

-- A changed session remembers what it was before its first change; restore puts that back.
alter table public.event_schedule
  add column status text not null default 'scheduled' check (status in ('scheduled', 'cancelled')),
  add column original_date date,
  add column original_start_time time,
  add column original_end_time time,
  add column original_location text;

/** A one-line announcement to every visitor of an event, until ends_at (or for good); withdrawn = deleted. */
create table public.show_notices (
  id bigint generated always as identity primary key,
  event_id bigint not null references public.events (id) on delete cascade,
  -- shared/live-schedule.ts NOTICE_MAX_LENGTH: one line, short enough for a banner.
  message text not null check (btrim(message) <> '' and char_length(message) <= 140 and message !~ '[\r\n]'),
  ends_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index show_notices_sync_idx on public.show_notices (updated_at, id);
create index show_notices_event_idx on public.show_notices (event_id);
create trigger sync_touch before insert or update on public.show_notices
  for each row execute function public.sync_touch();
create trigger sync_tombstone after delete on public.show_notices
  for each row execute function public.sync_tombstone();

alter table public.show_notices enable row level security;
revoke all on table public.show_notices from anon, authenticated;
grant select on table public.show_notices to anon, authenticated;
create policy "catalogue is public" on public.show_notices for select to anon, authenticated using (true);

create or replace function public.sync_tables() returns text[]
language sql immutable set search_path = '' as $$
  select array['breeds', 'organizations', 'catteries', 'cattery_has_breed', 'quality_labels',
               'cattery_has_quality_label', 'litters', 'litter_images', 'events', 'event_schedule', 'advertisers',
               'show_notices']
$$;
select public.sync_pull_rebuild();

/**
 * The organiser operations already applied, by the operation id the phone made when it queued the
 * change: a replay (the hall Wi-Fi lost the answer) returns the first answer and changes nothing.
 */
create table public.organiser_operations (
  op_id uuid primary key,
  kind text not null,
  -- null for the service role (the show's own tools)
  user_id uuid,
  result jsonb not null,
  applied_at timestamptz not null default now()
);
alter table public.organiser_operations enable row level security;
revoke all on table public.organiser_operations from anon, authenticated;

/** Refuses anyone but an organiser or the service role (42501: 401 for anon, 403 for a signed-in visitor). */
create function public.organiser_required() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (public.is_organiser() or auth.role() is not distinct from 'service_role') then
    raise exception using errcode = '42501', message = 'Only the show''s organisers may do this.';
  end if;
end $$;

/** The answer an operation id already got, or null when it is new. */
create function public.organiser_replayed(p_op uuid, p_kind text) returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  v_op public.organiser_operations;
begin
  if p_op is null then
    raise exception using errcode = '22023', message = 'An operation id is required';
  end if;
  select * into v_op from public.organiser_operations where op_id = p_op;
  if not found then
    return null;
  end if;
  if v_op.kind <> p_kind then
    raise exception using errcode = '22023', message = 'This operation id was used for another change';
  end if;
  return v_op.result || jsonb_build_object('replayed', true);
end $$;

/**
 * Changes sessions of the live schedule. p_changes is a list of
 *   {"id": 12, "action": "set", "schedule_date": "2026-11-28", "start_time": "14:30", "end_time": "15:30", "location": "Ring 3"}
 *   {"id": 12, "action": "cancel"}   {"id": 12, "action": "restore"}
 * with ABSOLUTE targets worked out on the phone when it queued the change (a delay of 30 minutes
 * arrives as the new times), so applying it twice ends in the same place.
 */
create function public.organiser_change_sessions(p_op uuid, p_changes jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_done jsonb;
  v_change jsonb;
  v_id bigint;
  v_action text;
  v_row public.event_schedule;
  v_changed integer := 0;
  v_result jsonb;
begin
  perform public.organiser_required();
  -- Same op id twice at once: the second waits here for the first, then finds its answer.
  perform pg_advisory_xact_lock(hashtextextended(p_op::text, 17));
  v_done := public.organiser_replayed(p_op, 'change_sessions');
  if v_done is not null then
    return v_done;
  end if;
  if jsonb_typeof(p_changes) is distinct from 'array' or jsonb_array_length(p_changes) = 0
     or jsonb_array_length(p_changes) > 500 then
    raise exception using errcode = '22023', message = 'p_changes must be a list of 1 to 500 changes';
  end if;

  for v_change in select e from jsonb_array_elements(p_changes) e loop
    if jsonb_typeof(v_change) <> 'object' or jsonb_typeof(v_change -> 'id') <> 'number' then
      raise exception using errcode = '22023', message = 'Each change needs a session id';
    end if;
    v_id := (v_change ->> 'id')::bigint;
    v_action := v_change ->> 'action';
    select * into v_row from public.event_schedule where id = v_id for update;
    if not found then
      raise exception using errcode = '22023', message = format('Session %s is not in the schedule', v_id);
    end if;

    if v_action = 'set' then
      declare
        v_date date := coalesce((v_change ->> 'schedule_date')::date, v_row.schedule_date);
        v_start time := coalesce((v_change ->> 'start_time')::time, v_row.start_time);
        v_end time := coalesce((v_change ->> 'end_time')::time, v_row.end_time);
        v_location text := case when v_change ? 'location' then nullif(btrim(v_change ->> 'location'), '') else v_row.location end;
      begin
        if v_end <= v_start then
          raise exception using errcode = '22023', message = 'A session must end after it starts (on the same day)';
        end if;
        if char_length(v_location) > 100 then
          raise exception using errcode = '22023', message = 'A location name is at most 100 characters';
        end if;
        if (v_date, v_start, v_end, v_location) is distinct from
           (v_row.schedule_date, v_row.start_time, v_row.end_time, v_row.location) then
          update public.event_schedule
             set schedule_date = v_date, start_time = v_start, end_time = v_end, location = v_location,
                 original_date = coalesce(original_date, v_row.schedule_date),
                 original_start_time = coalesce(original_start_time, v_row.start_time),
                 original_end_time = coalesce(original_end_time, v_row.end_time),
                 original_location = case when original_start_time is null then v_row.location else original_location end
           where id = v_id;
          v_changed := v_changed + 1;
        end if;
      end;
    elsif v_action = 'cancel' then
      if v_row.status <> 'cancelled' then
        update public.event_schedule set status = 'cancelled' where id = v_id;
        v_changed := v_changed + 1;
      end if;
    elsif v_action = 'restore' then
      if v_row.status <> 'scheduled' or v_row.original_start_time is not null then
        update public.event_schedule
           set status = 'scheduled',
               schedule_date = coalesce(original_date, schedule_date),
               start_time = coalesce(original_start_time, start_time),
               end_time = coalesce(original_end_time, end_time),
               location = case when original_start_time is null then location else original_location end,
               original_date = null, original_start_time = null, original_end_time = null, original_location = null
         where id = v_id;
        v_changed := v_changed + 1;
      end if;
    else
      raise exception using errcode = '22023', message = 'A change''s action is set, cancel or restore';
    end if;
  end loop;

  v_result := jsonb_build_object('op', p_op, 'changed', v_changed, 'replayed', false);
  insert into public.organiser_operations (op_id, kind, user_id, result)
    values (p_op, 'change_sessions', auth.uid(), v_result);
  return v_result;
end $$;

/** Posts a notice to an event's visitors; ends_at null = until withdrawn. */
create function public.organiser_post_notice(p_op uuid, p_event_id bigint, p_message text, p_ends_at timestamptz default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_done jsonb;
  v_id bigint;
  v_result jsonb;
begin
  perform public.organiser_required();
  perform pg_advisory_xact_lock(hashtextextended(p_op::text, 17));
  v_done := public.organiser_replayed(p_op, 'post_notice');
  if v_done is not null then
    return v_done;
  end if;
  if not exists (select 1 from public.events where id = p_event_id) then
    raise exception using errcode = '22023', message = 'That event is not in the catalogue';
  end if;
  if p_message is null or btrim(p_message) = '' or char_length(btrim(p_message)) > 140 or p_message ~ '[\r\n]' then
    raise exception using errcode = '22023', message = 'A notice is one line of 1 to 140 characters';
  end if;
  insert into public.show_notices (event_id, message, ends_at)
    values (p_event_id, btrim(p_message), p_ends_at)
    returning id into v_id;
  v_result := jsonb_build_object('op', p_op, 'id', v_id, 'replayed', false);
  insert into public.organiser_operations (op_id, kind, user_id, result)
    values (p_op, 'post_notice', auth.uid(), v_result);
  return v_result;
end $$;

/** Withdraws a notice (a tombstone, so phones drop it); one already gone counts as withdrawn. */
create function public.organiser_withdraw_notice(p_op uuid, p_notice_id bigint) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_done jsonb;
  v_count integer;
  v_result jsonb;
begin
  perform public.organiser_required();
  perform pg_advisory_xact_lock(hashtextextended(p_op::text, 17));
  v_done := public.organiser_replayed(p_op, 'withdraw_notice');
  if v_done is not null then
    return v_done;
  end if;
  delete from public.show_notices where id = p_notice_id;
  get diagnostics v_count = row_count;
  v_result := jsonb_build_object('op', p_op, 'withdrawn', v_count > 0, 'replayed', false);
  insert into public.organiser_operations (op_id, kind, user_id, result)
    values (p_op, 'withdraw_notice', auth.uid(), v_result);
  return v_result;
end $$;

revoke execute on function public.organiser_required(), public.organiser_replayed(uuid, text),
  public.organiser_change_sessions(uuid, jsonb), public.organiser_post_notice(uuid, bigint, text, timestamptz),
  public.organiser_withdraw_notice(uuid, bigint)
  from public, anon, authenticated;
grant execute on function public.organiser_change_sessions(uuid, jsonb),
  public.organiser_post_notice(uuid, bigint, text, timestamptz),
  public.organiser_withdraw_notice(uuid, bigint) to authenticated;
grant execute on function public.organiser_change_sessions(uuid, jsonb),
  public.organiser_post_notice(uuid, bigint, text, timestamptz),
  public.organiser_withdraw_notice(uuid, bigint) to service_role;
