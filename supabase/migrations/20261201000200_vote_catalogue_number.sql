-- A vote names a cat of the event's catalogue: where the event has catalogue entries, submit_votes refuses a
-- number that is in none of them ('unknown_entry', in words), and stores a known one as printed ("052a" is
-- 52A), so the results count one cat on one line. Events without a catalogue take any number, as before.
--
-- submit_votes keeps its argument and its statuses (docs/SYNC-COMPATIBILITY.md): an installed build that
-- does not know the code fails the vote as for any other 'rejected' code and shows the message, which is
-- the current build's text for the code (shared/messages.ts VOTE_MESSAGES.unknownEntry).

/**
 * Records a batch of votes from the outbox (up to 50). Per item: 'recorded', 'replayed' (this id is
 * already stored: a retry of a delivered vote), 'duplicate' (another vote holds this event and
 * e-mail/phone: code 23505) or 'rejected' (code and message: 'event_closed' once voting has closed,
 * 'unknown_entry' for a number not in the event's catalogue when it has one, else the SQLSTATE of an
 * invalid vote). One bad item never fails the batch; a bigger batch is refused whole.
 * Each recorded vote keeps the request's client address (cf-connecting-ip, 20261130000200). As
 * 20261130000200, and the catalogue number check.
 */
create or replace function public.submit_votes(p_votes jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  c_max_batch constant integer := 50;
  v_item jsonb;
  v_id uuid;
  v_event_id bigint;
  v_closes_at timestamptz;
  v_number text;
  v_printed text;
  v_inserted uuid;
  v_address text;
  v_out jsonb := '[]'::jsonb;
begin
  if jsonb_typeof(p_votes) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'p_votes must be a JSON array';
  end if;
  if jsonb_array_length(p_votes) > c_max_batch then
    raise exception using errcode = '22023',
      message = format('At most %s votes per call; send the rest in another call', c_max_batch);
  end if;
  -- A missing or unreadable header records no address; it never costs the visitor a vote.
  begin
    v_address := left(nullif(btrim(split_part(
      nullif(current_setting('request.headers', true), '')::json ->> 'cf-connecting-ip', ',', 1)), ''), 64);
  exception when others then
    v_address := null;
  end;
  for v_item in select * from jsonb_array_elements(p_votes) loop
    begin
      v_id := (v_item ->> 'id')::uuid;
      if v_id is null then
        raise exception using errcode = '22023', message = 'Each vote needs an id (uuid)';
      end if;
      -- A replay of a delivered vote stays a success, even after voting has closed.
      if exists (select 1 from public.visitor_choice where id = v_id) then
        v_out := v_out || jsonb_build_object('id', v_id, 'status', 'replayed');
        continue;
      end if;
      v_event_id := (v_item ->> 'event_id')::bigint;
      select public.event_voting_closes_at(e.end_date, e.time_zone) into v_closes_at
        from public.events e where e.id = v_event_id;
      if found and now() >= v_closes_at then
        v_out := v_out || jsonb_build_object('id', v_id, 'status', 'rejected', 'code', 'event_closed',
                                             'message', 'Voting for this event has closed');
        continue;
      end if;
      v_number := btrim(v_item ->> 'catalog_number');
      -- An event with a catalogue takes only its numbers, read as shared/catalogue.ts's
      -- normaliseCatalogueNumber reads them: digits without leading zeros, and an optional letter in
      -- capitals. A missing or empty number is left to the table's constraints, as before.
      if coalesce(v_number, '') <> '' and exists (select 1 from public.catalogue_entries c where c.event_id = v_event_id) then
        select m[1] || upper(m[2]) into v_printed
          from (select regexp_match(v_number, '^\s*0*([1-9][0-9]{0,4})\s*([A-Za-z]?)\s*$') as m) typed;
        if v_printed is null or not exists (select 1 from public.catalogue_entries c
                                             where c.event_id = v_event_id and c.catalogue_number = v_printed) then
          v_out := v_out || jsonb_build_object('id', v_id, 'status', 'rejected', 'code', 'unknown_entry',
                                               'message', 'Please check the catalog number: it is not in the show catalogue');
          continue;
        end if;
        v_number := v_printed;
      end if;
      insert into public.visitor_choice (id, event_id, first_name, last_name, email, phone, catalog_number, client_address)
      values (v_id, v_event_id, btrim(v_item ->> 'first_name'), btrim(v_item ->> 'last_name'),
              nullif(btrim(v_item ->> 'email'), ''), nullif(btrim(v_item ->> 'phone'), ''),
              v_number, v_address)
      on conflict do nothing
      returning id into v_inserted;
      if v_inserted is null then
        -- Either the same id raced in (a concurrent replay) or another vote holds the e-mail/phone.
        if exists (select 1 from public.visitor_choice where id = v_id) then
          v_out := v_out || jsonb_build_object('id', v_id, 'status', 'replayed');
        else
          v_out := v_out || jsonb_build_object('id', v_id, 'status', 'duplicate', 'code', '23505',
            'message', 'This email address has already been used to vote in this event');
        end if;
      else
        v_out := v_out || jsonb_build_object('id', v_id, 'status', 'recorded');
      end if;
      v_inserted := null;
    exception when others then
      v_out := v_out || jsonb_build_object('id', v_item ->> 'id', 'status', 'rejected', 'code', sqlstate,
                                           'message', sqlerrm);
    end;
  end loop;
  return v_out;
end $$;
revoke execute on function public.submit_votes(jsonb) from public;
grant execute on function public.submit_votes(jsonb) to anon, authenticated, service_role;
