-- The console's floor-plan editor: an organiser draws, moves, relabels or deletes a place of the hall.
-- Sent from the console's outbox like its schedule and catalogue changes (20261127000300, 20261201000400):
-- the phone's operation id makes a resend change nothing. places is mirrored, so each change pokes every
-- phone. Nothing here changes what installed builds read.

/**
 * Saves or deletes one place of a floor plan. p_change is
 *   {"floor_plan_id": 3, "place_id": 41,       "place": {…}}   changes place 41
 *   {"floor_plan_id": 3, "created_by": "<op>", "place": {…}}   changes the place operation <op> created
 *   {"floor_plan_id": 3,                       "place": {…}}   creates a place
 *   {"floor_plan_id": 3, "place_id": 41,       "place": null}  deletes it
 * where place is the whole row as the organiser left it (kind, facility, label, x, y, width, height,
 * outline, location, pens, advertiser_id): absolute values, so applying it twice ends in the same place.
 * "created_by" lets a phone change a place it drew offline before the server numbered it; the outbox
 * sends an organiser's place changes in order. Bad input is refused with the console's words (22023);
 * a ring naming no session's location by places_check_ring's (23514).
 */
create function public.organiser_change_place(p_op uuid, p_change jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_done jsonb;
  v_plan bigint;
  v_id bigint;
  v_place jsonb;
  v_kind text;
  v_label text;
  v_facility text;
  v_location text;
  v_pens text;
  v_advertiser bigint;
  v_row public.places;
  v_result jsonb;
  v_n text;
begin
  perform public.organiser_required();
  perform pg_advisory_xact_lock(hashtextextended(p_op::text, 17));
  v_done := public.organiser_replayed(p_op, 'change_place');
  if v_done is not null then
    return v_done;
  end if;
  if jsonb_typeof(p_change) is distinct from 'object' or jsonb_typeof(p_change -> 'floor_plan_id') is distinct from 'number' then
    raise exception using errcode = '22023', message = 'p_change names its floor_plan_id';
  end if;
  v_plan := (p_change ->> 'floor_plan_id')::bigint;
  if not exists (select 1 from public.floor_plans where id = v_plan) then
    raise exception using errcode = '22023', message = 'This floor plan is no longer there: it was replaced or deleted.';
  end if;

  if jsonb_typeof(p_change -> 'place_id') = 'number' then
    v_id := (p_change ->> 'place_id')::bigint;
  elsif jsonb_typeof(p_change -> 'created_by') = 'string' then
    select (result ->> 'id')::bigint into v_id from public.organiser_operations
     where op_id = (p_change ->> 'created_by')::uuid and kind = 'change_place';
    if v_id is null then
      raise exception using errcode = '22023', message = 'The place this change is for was never saved.';
    end if;
  end if;

  v_place := p_change -> 'place';
  if v_place is null or jsonb_typeof(v_place) = 'null' then
    if v_id is null then
      raise exception using errcode = '22023', message = 'p_change names the place to delete';
    end if;
    delete from public.places where id = v_id and floor_plan_id = v_plan;
    v_result := jsonb_build_object('op', p_op, 'id', v_id, 'deleted', true, 'replayed', false);
  else
    if jsonb_typeof(v_place) <> 'object' then
      raise exception using errcode = '22023', message = 'place is an object or null';
    end if;
    v_kind := v_place ->> 'kind';
    if v_kind is null or v_kind not in ('ring', 'benching', 'stand', 'facility', 'area') then
      raise exception using errcode = '22023', message = 'A place is a ring, a benching row, a stand, a facility or an area.';
    end if;
    v_label := btrim(coalesce(v_place ->> 'label', ''));
    if v_label = '' or char_length(v_label) > 80 then
      raise exception using errcode = '22023', message = 'A place needs a label of at most 80 characters.';
    end if;
    foreach v_n in array array['x', 'y', 'width', 'height'] loop
      if jsonb_typeof(v_place -> v_n) is distinct from 'number' then
        raise exception using errcode = '22023', message = format('%s is a number', v_n);
      end if;
    end loop;
    if (v_place ->> 'width')::double precision <= 0 or (v_place ->> 'height')::double precision <= 0 then
      raise exception using errcode = '22023', message = 'A place is wider and taller than nothing.';
    end if;
    -- Each kind keeps only what it is; the rest is cleared, so a stand turned into an area names no advertiser.
    v_location := case when v_kind = 'ring' then nullif(btrim(v_place ->> 'location'), '') end;
    v_pens := case when v_kind = 'benching' then nullif(btrim(v_place ->> 'pens'), '') end;
    v_facility := case when v_kind = 'facility' then v_place ->> 'facility' end;
    v_advertiser := case when v_kind = 'stand' and jsonb_typeof(v_place -> 'advertiser_id') = 'number' then (v_place ->> 'advertiser_id')::bigint end;
    if v_kind = 'ring' and v_location is null then
      raise exception using errcode = '22023', message = 'A ring names its location in the schedule (e.g. "Ring 1").';
    end if;
    if v_kind = 'benching' and v_pens is null then
      raise exception using errcode = '22023', message = 'A benching row names its pens (e.g. "A1-A20").';
    end if;
    if v_kind = 'facility' and (v_facility is null or v_facility not in ('entrance', 'exit', 'toilets', 'food', 'first_aid', 'vet_check', 'info_desk')) then
      raise exception using errcode = '22023', message = 'A facility says what it is (an entrance, toilets, food…).';
    end if;
    if v_kind = 'stand' and not exists (select 1 from public.advertisers where id = v_advertiser) then
      raise exception using errcode = '22023', message = 'A stand names its advertiser.';
    end if;

    if v_id is null then
      insert into public.places (floor_plan_id, kind, facility, label, x, y, width, height, outline, location, pens, advertiser_id)
      values (v_plan, v_kind, v_facility, v_label, (v_place ->> 'x')::double precision, (v_place ->> 'y')::double precision,
              (v_place ->> 'width')::double precision, (v_place ->> 'height')::double precision,
              case when jsonb_typeof(v_place -> 'outline') = 'array' then v_place -> 'outline' end,
              v_location, v_pens, v_advertiser)
      returning * into v_row;
    else
      update public.places set kind = v_kind, facility = v_facility, label = v_label,
             x = (v_place ->> 'x')::double precision, y = (v_place ->> 'y')::double precision,
             width = (v_place ->> 'width')::double precision, height = (v_place ->> 'height')::double precision,
             outline = case when jsonb_typeof(v_place -> 'outline') = 'array' then v_place -> 'outline' end,
             location = v_location, pens = v_pens, advertiser_id = v_advertiser
       where id = v_id and floor_plan_id = v_plan
      returning * into v_row;
      if not found then
        raise exception using errcode = '22023', message = 'This place is no longer on the plan: it was deleted (on another device?).';
      end if;
    end if;
    v_result := jsonb_build_object('op', p_op, 'id', v_row.id, 'deleted', false, 'updated_at', v_row.updated_at, 'replayed', false);
  end if;
  insert into public.organiser_operations (op_id, kind, user_id, result)
    values (p_op, 'change_place', auth.uid(), v_result);
  return v_result;
end $$;

revoke execute on function public.organiser_change_place(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.organiser_change_place(uuid, jsonb) to authenticated, service_role;
