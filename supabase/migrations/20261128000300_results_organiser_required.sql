-- The organiser's reports (20261127000400) ask the same question as the live schedule's changes
-- (20261127000300): an organiser, or the service role? One function answers it now, with the message
-- each caller gives; behaviour, messages and grants are unchanged.

/** Refuses anyone but an organiser or the service role with 42501 and the given message. */
create function public.organiser_required(p_message text) returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not (public.is_organiser() or auth.role() is not distinct from 'service_role') then
    raise exception using errcode = '42501', message = p_message;
  end if;
end $$;
revoke execute on function public.organiser_required(text) from public, anon, authenticated;

-- The live schedule's check, now through the one above.
create or replace function public.organiser_required() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.organiser_required('Only the show''s organisers may do this.');
end $$;
revoke execute on function public.organiser_required() from public, anon, authenticated;

/**
 * Visitor's Choice results of one event: one row per catalog number (case-insensitive) with its votes,
 * most votes first, then by catalog number (numbers in numeric order). `place` is shared by equal counts
 * (1, 1, 3); `position` is the row's order (for reading in pages); `total` is the event's number of votes,
 * on every row. Organisers (and the service role) only: others get 42501.
 */
create or replace function public.visitor_choice_results(p_event_id bigint)
returns table (place integer, "position" integer, catalog_number text, votes integer, total integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.organiser_required('Only the show''s organisers may read the Visitor''s Choice results.');
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
create or replace function public.visitor_choice_votes(p_event_id bigint)
returns table (id uuid, cast_at timestamptz, catalog_number text, first_name text, last_name text,
               email text, phone text, contacts_removed_at timestamptz)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.organiser_required('Only the show''s organisers may read the Visitor''s Choice votes.');
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
create or replace function public.coupon_report()
returns table (advertiser_id bigint, company_name text, coupon_type text, issued integer, sent integer)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform public.organiser_required('Only the show''s organisers may read the coupon report.');
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
