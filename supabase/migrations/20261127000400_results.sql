-- The organiser console's reports: Visitor's Choice results and the votes for the prize draw,
-- the coupon report, and the retention of vote contacts. Organisers read through these functions only
-- (security definer, each asking public.is_organiser(); the service-role key may read them too); the
-- tables stay closed to the API roles.

-- ---- Retention of vote contacts ------------------------------------------------------------------------

/**
 * The days a vote's contact details (names, e-mail, phone) are kept after its event's last day; then
 * prune_vote_contacts() removes them and the vote itself stays counted. The app and the venue server read
 * the same number from shared/vote-contacts.ts (tests/integration/results.test.ts checks they agree).
 */
create function public.vote_contact_retention_days() returns integer
language sql immutable set search_path = '' as $$
  select 30
$$;
revoke execute on function public.vote_contact_retention_days() from public, anon, authenticated;
grant execute on function public.vote_contact_retention_days() to service_role;

/** When an event's vote contacts go: midnight after its last day at the venue, plus the retention days. */
create function public.vote_contacts_expire_at(p_end_date date, p_time_zone text) returns timestamptz
language sql stable set search_path = '' as $$
  select ((p_end_date + 1 + public.vote_contact_retention_days())::timestamp at time zone p_time_zone)
$$;
revoke execute on function public.vote_contacts_expire_at(date, text) from public, anon, authenticated;
grant execute on function public.vote_contacts_expire_at(date, text) to service_role;

-- A pruned vote keeps its event, catalog number and time, and says when its contacts went.
-- visitor_choice is not mirrored (docs/SYNC-COMPATIBILITY.md does not apply); a nullable column.
alter table public.visitor_choice add column contacts_removed_at timestamptz;
alter table public.visitor_choice alter column first_name drop not null, alter column last_name drop not null;
-- The e-mail-or-phone rule (000400's unnamed table check) holds until the contacts are removed.
alter table public.visitor_choice drop constraint visitor_choice_check;
alter table public.visitor_choice
  add constraint visitor_choice_contact_given
    check (contacts_removed_at is not null or email is not null or phone is not null),
  add constraint visitor_choice_contacts_removed
    check (contacts_removed_at is null or (first_name is null and last_name is null and email is null and phone is null));

/**
 * Names stay required on a vote whose contacts are kept, answered as the NOT NULL they replace (23502):
 * submit_votes reports a vote without names with that code, and the outbox shows it as refused.
 */
create function public.visitor_choice_names_required() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.contacts_removed_at is null then
    if new.first_name is null then
      raise exception using errcode = '23502', column = 'first_name', table = 'visitor_choice',
        message = 'null value in column "first_name" of relation "visitor_choice" violates not-null constraint';
    end if;
    if new.last_name is null then
      raise exception using errcode = '23502', column = 'last_name', table = 'visitor_choice',
        message = 'null value in column "last_name" of relation "visitor_choice" violates not-null constraint';
    end if;
  end if;
  return new;
end $$;
revoke execute on function public.visitor_choice_names_required() from public, anon, authenticated;

create trigger visitor_choice_names_required before insert or update on public.visitor_choice
  for each row execute function public.visitor_choice_names_required();

-- Finds the votes still holding contacts, per event.
create index visitor_choice_contacts_kept_idx on public.visitor_choice (event_id) where contacts_removed_at is null;

/**
 * Removes the contact details of every vote whose event ended more than vote_contact_retention_days()
 * ago (the votes stay, so the results still count them); returns how many votes it cleared. The venue
 * server runs it on start and every hour; on hosted Supabase a pg_cron job does (README).
 */
create function public.prune_vote_contacts() returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_cleared integer;
begin
  update public.visitor_choice v
     set first_name = null, last_name = null, email = null, phone = null, contacts_removed_at = now()
    from public.events e
   where e.id = v.event_id
     and v.contacts_removed_at is null
     and now() >= public.vote_contacts_expire_at(e.end_date, e.time_zone);
  get diagnostics v_cleared = row_count;
  return v_cleared;
end $$;
revoke execute on function public.prune_vote_contacts() from public, anon, authenticated;
grant execute on function public.prune_vote_contacts() to service_role;

-- ---- The organiser's reports ---------------------------------------------------------------------------

/**
 * Visitor's Choice results of one event: one row per catalog number (case-insensitive) with its votes,
 * most votes first, then by catalog number (numbers in numeric order). `place` is shared by equal counts
 * (1, 1, 3); `position` is the row's order (for reading in pages); `total` is the event's number of votes,
 * on every row. Organisers (and the service role) only: others get 42501.
 */
create function public.visitor_choice_results(p_event_id bigint)
returns table (place integer, "position" integer, catalog_number text, votes integer, total integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (public.is_organiser() or coalesce(auth.role(), '') = 'service_role') then
    raise exception using errcode = '42501',
      message = 'Only the show''s organisers may read the Visitor''s Choice results.';
  end if;
  return query
    with counted as (
      select upper(v.catalog_number) as catalog_number, count(*)::integer as votes
        from public.visitor_choice v
       where v.event_id = p_event_id
       group by upper(v.catalog_number)
    )
    select (rank() over (order by c.votes desc))::integer,
           (row_number() over (order by c.votes desc, substring(c.catalog_number from '^[0-9]+')::numeric nulls last,
                                        c.catalog_number))::integer as ordinal,
           c.catalog_number, c.votes, (sum(c.votes) over ())::integer
      from counted c
     order by ordinal;
end $$;
revoke execute on function public.visitor_choice_results(bigint) from public, anon, authenticated;
grant execute on function public.visitor_choice_results(bigint) to authenticated, service_role;

/**
 * One event's votes with their contacts, for the prize draw, in the order they were cast (`id` breaks
 * ties and lets a long list be read in pages). Contacts are null once removed (contacts_removed_at).
 * Organisers (and the service role) only: others get 42501.
 */
create function public.visitor_choice_votes(p_event_id bigint)
returns table (id uuid, cast_at timestamptz, catalog_number text, first_name text, last_name text,
               email text, phone text, contacts_removed_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (public.is_organiser() or coalesce(auth.role(), '') = 'service_role') then
    raise exception using errcode = '42501',
      message = 'Only the show''s organisers may read the Visitor''s Choice votes.';
  end if;
  return query
    select v.id, v.created_at, v.catalog_number, v.first_name, v.last_name, v.email, v.phone, v.contacts_removed_at
      from public.visitor_choice v
     where v.event_id = p_event_id
     order by v.created_at, v.id;
end $$;
revoke execute on function public.visitor_choice_votes(bigint) from public, anon, authenticated;
grant execute on function public.visitor_choice_votes(bigint) to authenticated, service_role;

/**
 * Coupons issued per advertiser and voucher type: every type an advertiser offers (none issued yet
 * included) and every type it has issued. Counts only: no codes, no addresses. `sent` counts those whose
 * e-mail has gone. Organisers (and the service role) only: others get 42501.
 */
create function public.coupon_report()
returns table (advertiser_id bigint, company_name text, coupon_type text, issued integer, sent integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (public.is_organiser() or coalesce(auth.role(), '') = 'service_role') then
    raise exception using errcode = '42501',
      message = 'Only the show''s organisers may read the coupon report.';
  end if;
  return query
    with offered as (
      select a.id as advertiser_id, t.coupon_type
        from public.advertisers a
        cross join lateral (values ('discount', a.discount_voucher_enabled), ('rebate', a.rebate_voucher_enabled))
                   as t (coupon_type, enabled)
       where t.enabled
      union
      select c.advertiser_id, c.coupon_type from public.coupons c
    )
    select o.advertiser_id, a.company_name, o.coupon_type,
           count(c.id)::integer, (count(c.id) filter (where c.status = 'sent'))::integer
      from offered o
      join public.advertisers a on a.id = o.advertiser_id
      left join public.coupons c on c.advertiser_id = o.advertiser_id and c.coupon_type = o.coupon_type
     group by o.advertiser_id, a.company_name, o.coupon_type
     order by a.company_name, o.advertiser_id, o.coupon_type;
end $$;
revoke execute on function public.coupon_report() from public, anon, authenticated;
grant execute on function public.coupon_report() to authenticated, service_role;
