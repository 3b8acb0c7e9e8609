-- Writes that the PWA's outbox replays: Visitor's Choice votes and issued coupons.
-- Both are keyed by a client-chosen uuid so a replay after a lost response is recognised, never doubled.

create table public.visitor_choice (
  id uuid primary key default gen_random_uuid(),
  event_id bigint not null references public.events (id) on delete cascade,
  first_name text not null check (btrim(first_name) <> '' and length(first_name) <= 100),
  last_name text not null check (btrim(last_name) <> '' and length(last_name) <= 100),
  email text check (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' and length(email) <= 254),
  phone text check (btrim(phone) <> '' and length(phone) <= 40),
  catalog_number text not null check (btrim(catalog_number) <> '' and length(catalog_number) <= 40),
  created_at timestamptz not null default now(),
  check (email is not null or phone is not null)
);
-- One vote per visitor and event (SPEC §8: 23505 → "This email address has already been used …").
create unique index visitor_choice_event_email_key on public.visitor_choice (event_id, lower(email));
create unique index visitor_choice_event_phone_key on public.visitor_choice (event_id, phone);

/**
 * Records a batch of votes from the outbox (up to 50). Per item: 'recorded', 'replayed' (this id is
 * already stored: a retry of a delivered vote), 'duplicate' (another vote holds this event and
 * e-mail/phone: code 23505) or 'rejected' (invalid: code and message). One bad item never fails the batch.
 */
create function public.submit_votes(p_votes jsonb) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_item jsonb;
  v_id uuid;
  v_inserted uuid;
  v_out jsonb := '[]'::jsonb;
begin
  if jsonb_typeof(p_votes) is distinct from 'array' then
    raise exception using errcode = '22023', message = 'p_votes must be a JSON array';
  end if;
  if jsonb_array_length(p_votes) > 50 then
    raise exception using errcode = '22023', message = 'At most 50 votes per call';
  end if;
  for v_item in select * from jsonb_array_elements(p_votes) loop
    begin
      v_id := (v_item ->> 'id')::uuid;
      if v_id is null then
        raise exception using errcode = '22023', message = 'Each vote needs an id (uuid)';
      end if;
      if exists (select 1 from public.visitor_choice where id = v_id) then
        v_out := v_out || jsonb_build_object('id', v_id, 'status', 'replayed');
        continue;
      end if;
      insert into public.visitor_choice (id, event_id, first_name, last_name, email, phone, catalog_number)
      values (v_id, (v_item ->> 'event_id')::bigint, btrim(v_item ->> 'first_name'), btrim(v_item ->> 'last_name'),
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

-- Coupons sent to signed-in visitors by the send-coupon function (SPEC §9 code format).
create table public.coupons (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  email text not null,
  advertiser_id bigint not null references public.advertisers (id) on delete cascade,
  coupon_type text not null check (coupon_type in ('discount', 'rebate')),
  coupon_code text not null unique check (coupon_code ~ '^[A-Z0-9]{3}-(DSC|RBT)-[0-9]{4}-[0-9]{4}$'),
  discount_amount numeric(10, 2),
  rebate_percentage numeric(5, 2),
  status text not null default 'sending' check (status in ('sending', 'sent')),
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
comment on column public.coupons.id is 'The idempotency key: the outbox item id of the request.';
create index coupons_user_idx on public.coupons (user_id, created_at desc);
