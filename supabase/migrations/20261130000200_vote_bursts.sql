-- A stuffed poll is visible and stoppable: 1,000 votes for one number from one client in half a second
-- must not pass unseen. Votes remember the client address they came from,
-- the organiser's results flag bursts and generated-looking addresses, and the organiser can void flagged
-- votes (kept, not counted, reversible) and restore them.
--
-- visitor_choice is not mirrored (docs/SYNC-COMPATIBILITY.md): its new columns reach no phone. submit_votes
-- keeps its argument and its answers, so installed apps vote as before.

-- ---- Where a vote came from ----------------------------------------------------------------------------

-- The client address, from the request header `cf-connecting-ip`. On hosted Supabase the gateway's
-- Cloudflare sets that header to the peer it saw and replaces any value a client sent, whereas
-- `x-forwarded-for` keeps the hops a client wrote in front of the real one (so a phone could name any
-- address there). The venue server sets cf-connecting-ip itself, to the address its rate limits count
-- (the socket's peer, or what a TRUSTED_PROXIES proxy forwarded), overriding a client's value
-- (server/db/context.ts CLIENT_ADDRESS_HEADER). Null for votes cast before this, or where no header came:
-- such votes are never flagged.
-- `voided_at`: the organiser took the vote out of the count (null: counted); `voided_by` is who (null for
-- the service role). The history of each void and restore is in visitor_choice_voidings.
alter table public.visitor_choice
  add column client_address text check (length(client_address) <= 64),
  add column voided_at timestamptz,
  add column voided_by uuid;

-- The flags read one event's votes per client address in time order.
create index visitor_choice_event_address_idx on public.visitor_choice (event_id, client_address, created_at);

/** Each void and restore: what, how many votes, by whom (null: the service role) and when. */
create table public.visitor_choice_voidings (
  id bigint generated always as identity primary key,
  event_id bigint not null references public.events (id) on delete cascade,
  action text not null check (action in ('void', 'restore')),
  -- The flagged group acted on, or null when the organiser named the votes.
  group_key text,
  vote_ids uuid[] not null,
  acted_by uuid,
  acted_at timestamptz not null default now()
);
alter table public.visitor_choice_voidings enable row level security;
revoke all on table public.visitor_choice_voidings from anon, authenticated;

/**
 * Records a batch of votes from the outbox (up to 50). Per item: 'recorded', 'replayed' (this id is
 * already stored: a retry of a delivered vote), 'duplicate' (another vote holds this event and
 * e-mail/phone: code 23505) or 'rejected' (code and message: 'event_closed' once voting has closed,
 * else the SQLSTATE of an invalid vote). One bad item never fails the batch; a bigger batch is refused whole.
 * Each recorded vote keeps the request's client address (cf-connecting-ip, above). Answers as 20261126000400.
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
      insert into public.visitor_choice (id, event_id, first_name, last_name, email, phone, catalog_number, client_address)
      values (v_id, v_event_id, btrim(v_item ->> 'first_name'), btrim(v_item ->> 'last_name'),
              nullif(btrim(v_item ->> 'email'), ''), nullif(btrim(v_item ->> 'phone'), ''),
              btrim(v_item ->> 'catalog_number'), v_address)
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

-- The client address is personal data like the contacts: it goes with them after the retention days.
alter table public.visitor_choice drop constraint visitor_choice_contacts_removed;
alter table public.visitor_choice
  add constraint visitor_choice_contacts_removed
    check (contacts_removed_at is null
           or (first_name is null and last_name is null and email is null and phone is null and client_address is null));

/** As 20261127000400, and the client address goes with the contacts. */
create or replace function public.prune_vote_contacts() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_cleared integer;
begin
  update public.visitor_choice v
     set first_name = null, last_name = null, email = null, phone = null, client_address = null,
         contacts_removed_at = now()
    from public.events e
   where e.id = v.event_id
     and v.contacts_removed_at is null
     and now() >= public.vote_contacts_expire_at(e.end_date, e.time_zone);
  get diagnostics v_cleared = row_count;
  return v_cleared;
end $$;
revoke execute on function public.prune_vote_contacts() from public, anon, authenticated;
grant execute on function public.prune_vote_contacts() to service_role;

-- ---- The flags ----------------------------------------------------------------------------------------
--
-- Computed when the organiser reads, not stored when a vote arrives: a burst is one only once enough of its
-- votes are in (and a phone's offline queue may arrive late), so a stored flag would need every insert to
-- revisit the votes before it. Reading keeps submit_votes as cheap as before for a hall's phones, and the
-- rules below stay in one place. Voiding does not change the flags: a voided group stays listed, so it can be
-- restored.
--
-- (a) A burst: at least 50 votes for one catalog number from one client address within 10 minutes, and
--     they are more than half of that address's votes for the event in those 10 minutes. A hall of real
--     voters behind one router spreads its votes over the cats: 600 phones voting at once put ~15 on each
--     of 40 numbers (tests/abuse/votes-coupons.test.ts), and even a favourite holding a third of a rush of
--     600 is not "more than half". The stuffing (1,000 for one number from one address) is 100 %.
--     Every vote for that number from that address within 10 minutes of such a window is flagged; flagged
--     votes less than 10 minutes apart form one group.
-- (b) Generated-looking e-mail addresses: at least 10 addresses from one client address at one domain whose
--     local parts are one stem followed by a number (fan1@, fan2@, … fan1000@). Real visitors' addresses
--     are names; a few carry a number (a birth year), rarely ten on one stem.

/**
 * One event's flagged votes: one row per vote and group it is flagged in (a vote may be in a burst and in a
 * generated-address group). `kind` is 'burst' or 'generated_emails'; `group_key` names the group stably
 * between reads (it holds no address). Internal: the organiser's functions below call it.
 */
create function public.visitor_choice_flagged(p_event_id bigint)
returns table (vote_id uuid, group_key text, kind text, catalog_number text, email_pattern text)
language sql stable security definer set search_path = '' as $$
  with votes as (
    select v.id, v.client_address as address, upper(v.catalog_number) as number, v.created_at,
           lower(v.email) as email
      from public.visitor_choice v
     where v.event_id = p_event_id and v.client_address is not null
  ),
  -- Only a number with 50 votes from one address in the whole event can hold a burst: the windows below
  -- read only the votes of the addresses that have one (most events have none, so this stays cheap).
  candidates as (
    select v.address, v.number from votes v group by v.address, v.number having count(*) >= 50
  ),
  windowed as (
    select w.*,
           count(*) over (partition by w.address, w.number order by w.created_at
                          range between interval '10 minutes' preceding and current row) as same_number,
           count(*) over (partition by w.address order by w.created_at
                          range between interval '10 minutes' preceding and current row) as from_address
      from votes w
     where w.address in (select c.address from candidates c)
  ),
  in_burst as (
    select w.id, w.address, w.number, w.created_at,
           bool_or(w.same_number >= 50 and w.same_number * 2 > w.from_address)
             over (partition by w.address, w.number order by w.created_at
                   range between current row and interval '10 minutes' following) as flagged
      from windowed w
     where (w.address, w.number) in (select c.address, c.number from candidates c)
  ),
  runs as (
    select b.*,
           sum(case when b.previous is null or b.created_at - b.previous >= interval '10 minutes' then 1 else 0 end)
             over (partition by b.address, b.number order by b.created_at, b.id) as run
      from (select i.id, i.address, i.number, i.created_at,
                   lag(i.created_at) over (partition by i.address, i.number order by i.created_at, i.id) as previous
              from in_burst i
             where i.flagged) b
  ),
  bursts as (
    select r.id, r.number,
           'burst-' || md5(r.address || '|' || r.number || '|'
                           || (first_value(r.id) over (partition by r.address, r.number, r.run order by r.created_at, r.id))::text)
             as group_key
      from runs r
  ),
  stems as (
    select v.id, v.address, regexp_replace(split_part(v.email, '@', 1), '[0-9]+$', '') as stem,
           split_part(v.email, '@', 2) as domain
      from votes v
     where v.email ~ '^[^@]*[0-9]@'
  ),
  generated as (
    select s.id, s.stem, s.domain, s.address,
           count(*) over (partition by s.address, s.stem, s.domain) as addresses
      from stems s
  )
  select b.id, b.group_key, 'burst', b.number, null::text from bursts b
  union all
  select g.id, 'emails-' || md5(g.address || '|' || g.stem || '@' || g.domain), 'generated_emails', null::text,
         left(g.stem, 40) || '…@' || left(g.domain, 60)
    from generated g
   where g.addresses >= 10
$$;
revoke execute on function public.visitor_choice_flagged(bigint) from public, anon, authenticated, service_role;

-- ---- The organiser's reports, with the flags --------------------------------------------------------------
-- The return types grow by columns, so the functions are dropped and made again with the same grants.
-- Organiser consoles from before read the columns they know and drop the others (reports.ts parses rows with
-- a schema that strips unknown keys).

drop function public.visitor_choice_results(bigint);

/**
 * Visitor's Choice results of one event: one row per catalog number (case-insensitive) with its counted
 * votes, most first, then by catalog number (numbers in numeric order). Voided votes are not counted; a
 * number whose votes are all voided stays listed with 0, last. `place` is shared by equal counts (1, 1, 3);
 * `position` is the row's order (for reading in pages); `total` is the event's counted votes, on every row.
 * `flagged`: this number's votes that are flagged (see visitor_choice_flags), counted or voided; `voided`:
 * its voided votes, flagged or not; `total_flagged` and `total_voided` the same for the event, on every row.
 * Organisers (and the service role) only: others get 42501.
 */
create function public.visitor_choice_results(p_event_id bigint)
returns table (place integer, "position" integer, catalog_number text, votes integer, total integer,
               flagged integer, voided integer, total_flagged integer, total_voided integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.organiser_required('Only the show''s organisers may read the Visitor''s Choice results.');
  return query
    with flagged_votes as (
      select distinct f.vote_id from public.visitor_choice_flagged(p_event_id) f
    ),
    counted as (
      select upper(v.catalog_number) as catalog_number,
             (count(*) filter (where v.voided_at is null))::integer as votes,
             (count(*) filter (where f.vote_id is not null))::integer as flagged,
             (count(*) filter (where v.voided_at is not null))::integer as voided
        from public.visitor_choice v
        left join flagged_votes f on f.vote_id = v.id
       where v.event_id = p_event_id
       group by upper(v.catalog_number)
    )
    select (rank() over (order by c.votes desc))::integer,
           (row_number() over (order by c.votes desc, substring(c.catalog_number from '^[0-9]+')::numeric nulls last,
                                        c.catalog_number))::integer as ordinal,
           c.catalog_number, c.votes, (sum(c.votes) over ())::integer,
           c.flagged, c.voided, (sum(c.flagged) over ())::integer, (sum(c.voided) over ())::integer
      from counted c
     order by ordinal;
end $$;
revoke execute on function public.visitor_choice_results(bigint) from public, anon, authenticated;
grant execute on function public.visitor_choice_results(bigint) to authenticated, service_role;

drop function public.visitor_choice_votes(bigint);

/**
 * One event's votes with their contacts, for the prize draw, in the order they were cast (`id` breaks
 * ties and lets a long list be read in pages). Contacts are null once removed (contacts_removed_at).
 * Voided votes are left out unless p_include_voided: the draw never draws one, from any console, old or
 * new. `flagged` says whether the vote is flagged, `flag_kinds` in which kinds of group ('burst',
 * 'generated_emails'), `voided_at` when it was voided (null: counted).
 * Organisers (and the service role) only: others get 42501.
 */
create function public.visitor_choice_votes(p_event_id bigint, p_include_voided boolean default false)
returns table (id uuid, cast_at timestamptz, catalog_number text, first_name text, last_name text,
               email text, phone text, contacts_removed_at timestamptz, flagged boolean, flag_kinds text[],
               voided_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.organiser_required('Only the show''s organisers may read the Visitor''s Choice votes.');
  return query
    with kinds as (
      select f.vote_id, array_agg(distinct f.kind order by f.kind) as kinds
        from public.visitor_choice_flagged(p_event_id) f
       group by f.vote_id
    )
    select v.id, v.created_at, v.catalog_number, v.first_name, v.last_name, v.email, v.phone, v.contacts_removed_at,
           k.vote_id is not null, coalesce(k.kinds, '{}'::text[]), v.voided_at
      from public.visitor_choice v
      left join kinds k on k.vote_id = v.id
     where v.event_id = p_event_id
       and (p_include_voided or v.voided_at is null)
     order by v.created_at, v.id;
end $$;
revoke execute on function public.visitor_choice_votes(bigint, boolean) from public, anon, authenticated;
grant execute on function public.visitor_choice_votes(bigint, boolean) to authenticated, service_role;

/**
 * One event's flagged groups, for the organiser to judge: `kind` 'burst' (many votes for `catalog_number`
 * from one client address within minutes) or 'generated_emails' (addresses like `email_pattern` from one
 * client address); `votes` in the group, `voided` of them, and the first and last vote's time. The client
 * address itself is not shown. Largest groups first. Organisers (and the service role) only: others 42501.
 */
create function public.visitor_choice_flags(p_event_id bigint)
returns table (group_key text, kind text, catalog_number text, email_pattern text, votes integer, voided integer,
               first_at timestamptz, last_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.organiser_required('Only the show''s organisers may read the Visitor''s Choice flags.');
  return query
    select f.group_key, min(f.kind), min(f.catalog_number), min(f.email_pattern),
           count(*)::integer, (count(*) filter (where v.voided_at is not null))::integer,
           min(v.created_at), max(v.created_at)
      from public.visitor_choice_flagged(p_event_id) f
      join public.visitor_choice v on v.id = f.vote_id
     group by f.group_key
     order by count(*) desc, min(v.created_at), f.group_key;
end $$;
revoke execute on function public.visitor_choice_flags(bigint) from public, anon, authenticated;
grant execute on function public.visitor_choice_flags(bigint) to authenticated, service_role;

/**
 * Voids (p_void) or restores votes of one event: a flagged group (p_group, from visitor_choice_flags: the
 * votes flagged in it now) or the votes named (p_vote_ids, at most 5,000). Voided votes are kept and not
 * counted; restoring counts them again. Records who and when (visitor_choice_voidings) and returns how many
 * votes changed. Organisers (and the service role) only: others 42501.
 */
create function public.visitor_choice_set_voided(p_event_id bigint, p_void boolean, p_group text default null,
                                                 p_vote_ids uuid[] default null)
returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_ids uuid[];
begin
  perform public.organiser_required('Only the show''s organisers may void or restore votes.');
  if p_void is null or (p_group is null) = (p_vote_ids is null) then
    raise exception using errcode = '22023', message = 'Name either a flagged group or the votes, and whether to void or restore them';
  end if;
  if cardinality(p_vote_ids) > 5000 then
    raise exception using errcode = '22023', message = 'At most 5000 votes per call';
  end if;
  with chosen as (
    select f.vote_id as id from public.visitor_choice_flagged(p_event_id) f where f.group_key = p_group
    union
    select unnest(p_vote_ids)
  ),
  changed as (
    update public.visitor_choice v
       set voided_at = case when p_void then now() end,
           voided_by = case when p_void then auth.uid() end
      from chosen c
     where v.id = c.id and v.event_id = p_event_id
       and (v.voided_at is null) = p_void
    returning v.id
  )
  select coalesce(array_agg(c.id), '{}'::uuid[]) into v_ids from changed c;
  if cardinality(v_ids) > 0 then
    insert into public.visitor_choice_voidings (event_id, action, group_key, vote_ids, acted_by)
      values (p_event_id, case when p_void then 'void' else 'restore' end, p_group, v_ids, auth.uid());
  end if;
  return cardinality(v_ids);
end $$;
revoke execute on function public.visitor_choice_set_voided(bigint, boolean, text, uuid[]) from public, anon, authenticated;
grant execute on function public.visitor_choice_set_voided(bigint, boolean, text, uuid[]) to authenticated, service_role;
