-- The organiser console's catalogue changes, live in the hall: a cat marked absent (or present again) or
-- moved to another pen. Sent from the console's outbox like its schedule changes (20261127000300): the
-- phone's operation id makes a resend change nothing. catalogue_entries is mirrored, so the update pokes
-- every phone (20261128000100). Nothing here changes what installed builds read.

/**
 * Changes one catalogue entry. p_change holds one or both of
 *   {"absent": true}   {"pen": "B12"}   {"pen": null}
 * as absolute values, so applying it twice ends in the same place. A pen is stored in shared/pens.ts's
 * form (trimmed, inner spaces as one, capitals); a pen another entry of the event holds is refused
 * (23505, in the console's words): two cats in one pen is almost always a typo.
 */
create function public.organiser_change_entry(p_op uuid, p_entry_id bigint, p_change jsonb) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_done jsonb;
  v_row public.catalogue_entries;
  v_absent boolean;
  v_pen text;
  v_holder public.catalogue_entries;
  v_changed boolean;
  v_result jsonb;
begin
  perform public.organiser_required();
  perform pg_advisory_xact_lock(hashtextextended(p_op::text, 17));
  v_done := public.organiser_replayed(p_op, 'change_entry');
  if v_done is not null then
    return v_done;
  end if;
  if jsonb_typeof(p_change) is distinct from 'object' or not (p_change ? 'absent' or p_change ? 'pen') then
    raise exception using errcode = '22023', message = 'p_change sets absent, pen or both';
  end if;
  if p_change ? 'absent' and jsonb_typeof(p_change -> 'absent') <> 'boolean' then
    raise exception using errcode = '22023', message = 'absent is true or false';
  end if;
  if p_change ? 'pen' and jsonb_typeof(p_change -> 'pen') not in ('string', 'null') then
    raise exception using errcode = '22023', message = 'pen is a text or null';
  end if;

  select * into v_row from public.catalogue_entries where id = p_entry_id;
  if not found then
    raise exception using errcode = '22023', message = format('Entry %s is not in the catalogue', p_entry_id);
  end if;
  -- One pen change at a time per event, so two consoles cannot put two cats in one pen at once.
  perform pg_advisory_xact_lock(hashtextextended('catalogue_pens:' || v_row.event_id, 17));
  select * into v_row from public.catalogue_entries where id = p_entry_id for update;

  v_absent := coalesce((p_change ->> 'absent')::boolean, v_row.absent);
  v_pen := case when p_change ? 'pen'
                then nullif(upper(regexp_replace(btrim(p_change ->> 'pen'), '\s+', ' ', 'g')), '')
                else v_row.pen end;
  if char_length(v_pen) > 20 then
    raise exception using errcode = '22023', message = 'A pen is at most 20 characters (e.g. B12).';
  end if;
  if p_change ? 'pen' and v_pen is not null then
    select * into v_holder from public.catalogue_entries
     where event_id = v_row.event_id and id <> v_row.id
       and upper(regexp_replace(btrim(pen), '\s+', ' ', 'g')) = v_pen
     order by id limit 1;
    if found then
      raise exception using errcode = '23505',
        message = format('Pen %s already holds %s %s. Two cats cannot share a pen: check the pen, or move %s first.',
                         v_pen, v_holder.catalogue_number, v_holder.name, v_holder.catalogue_number);
    end if;
  end if;

  v_changed := (v_absent, v_pen) is distinct from (v_row.absent, v_row.pen);
  if v_changed then
    update public.catalogue_entries set absent = v_absent, pen = v_pen where id = v_row.id;
  end if;
  v_result := jsonb_build_object('op', p_op, 'id', v_row.id, 'absent', v_absent, 'pen', v_pen,
                                 'changed', v_changed, 'replayed', false);
  insert into public.organiser_operations (op_id, kind, user_id, result)
    values (p_op, 'change_entry', auth.uid(), v_result);
  return v_result;
end $$;

revoke execute on function public.organiser_change_entry(uuid, bigint, jsonb) from public, anon, authenticated;
grant execute on function public.organiser_change_entry(uuid, bigint, jsonb) to authenticated, service_role;
