-- Safe on a hostile hall network: votes and coupons only on the product's terms.
--  * Votes go through submit_votes only (the direct insert stored 1,000 votes in one request), in small
--    batches, and never for an event that has ended (a grace day lets votes queued offline arrive).
--  * Coupons go to verified accounts only, one per advertiser and voucher type, whatever the app asks.

-- Votes: no direct insert for the API roles; submit_votes (security definer) is the only way in.
drop policy "anyone may vote" on public.visitor_choice;
revoke insert on table public.visitor_choice from anon, authenticated;

/**
 * The last moment a vote for an event is taken: the end of the day after its end_date, on the venue's
 * clock (events.time_zone). The extra day lets a phone that queued votes offline during the show send
 * them once it is back online.
 */
create function public.event_voting_closes_at(p_end_date date, p_time_zone text) returns timestamptz
language sql stable set search_path = '' as $$
  select ((p_end_date + 2)::timestamp at time zone p_time_zone)
$$;
revoke execute on function public.event_voting_closes_at(date, text) from public, anon, authenticated;
grant execute on function public.event_voting_closes_at(date, text) to service_role;

/**
 * Records a batch of votes from the outbox (up to 50). Per item: 'recorded', 'replayed' (this id is
 * already stored: a retry of a delivered vote), 'duplicate' (another vote holds this event and
 * e-mail/phone: code 23505) or 'rejected' (code and message: 'event_closed' once voting has closed,
 * else the SQLSTATE of an invalid vote). One bad item never fails the batch; a bigger batch is refused whole.
 */
create or replace function public.submit_votes(p_votes jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  c_max_batch constant integer := 50;
  v_item jsonb;
  v_id uuid;
  v_event_id bigint;
  v_closes_at timestamptz;
  v_inserted uuid;
  v_out jsonb := '[]'::jsonb;
begin
  if jsonb_typeof(p_votes) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'p_votes must be a JSON array';
  end if;
  if jsonb_array_length(p_votes) > c_max_batch then
    raise exception using errcode = '22023',
      message = format('At most %s votes per call; send the rest in another call', c_max_batch);
  end if;
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
      insert into public.visitor_choice (id, event_id, first_name, last_name, email, phone, catalog_number)
      values (v_id, v_event_id, btrim(v_item ->> 'first_name'), btrim(v_item ->> 'last_name'),
              nullif(btrim(v_item ->> 'email'), ''), nullif(btrim(v_item ->> 'phone'), ''),
              btrim(v_item ->> 'catalog_number'))
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
-- create or replace keeps 000500's grants; restate them so this file reads whole.
revoke execute on function public.submit_votes(jsonb) from public;
grant execute on function public.submit_votes(jsonb) to anon, authenticated, service_role;

-- Coupons: one per visitor, advertiser and voucher type. Rows from before this rule keep the earliest
-- sent one (else the earliest claim); the later duplicates are the abuse this closes.
delete from public.coupons c
 using (select id, row_number() over (partition by user_id, advertiser_id, coupon_type
                                      order by (status = 'sent') desc, created_at, id) as n
          from public.coupons) ranked
 where c.id = ranked.id and ranked.n > 1;
create unique index coupons_one_per_advertiser_type on public.coupons (user_id, advertiser_id, coupon_type);

/** Coupons go to verified accounts only (SPEC §4 Account), whoever inserts the row. */
create function public.coupons_require_verified() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.users u where u.id = new.user_id and u.verified) then
    raise exception using errcode = '42501',
      message = 'Please verify your email address before requesting a coupon.';
  end if;
  return new;
end $$;
revoke execute on function public.coupons_require_verified() from public, anon, authenticated;

create trigger coupons_require_verified before insert or update of user_id on public.coupons
  for each row execute function public.coupons_require_verified();
