-- An event's session times are wall-clock times at the venue (SPEC §4 schedule classification), so
-- each event stores the venue's IANA time zone; clients work out "now" and "next" in that zone.

/**
 * Whether p_zone is an IANA zone name the database knows: an Area/Location name (or UTC) that
 * AT TIME ZONE accepts. The pattern rules out abbreviations ('PST') and POSIX specs ('UTC+5'), which
 * PostgreSQL accepts but browsers' Intl.DateTimeFormat rejects.
 */
create function public.is_time_zone_name(p_zone text) returns boolean
language plpgsql stable set search_path = '' as $$
begin
  if p_zone is null or p_zone !~ '^(UTC|[A-Z][A-Za-z_]+(/[A-Za-z0-9_+-]+)+)$' then
    return false;
  end if;
  perform now() at time zone p_zone;
  return true;
exception when invalid_parameter_value then
  -- 22023: time zone "..." not recognized
  return false;
end $$;

grant execute on function public.is_time_zone_name(text) to service_role;

alter table public.events
  add column time_zone text not null default 'Europe/Amsterdam'
    constraint events_time_zone_valid check (public.is_time_zone_name(time_zone));

-- Phones already hold these rows without the column: touching them (sync_touch moves updated_at)
-- makes every client pull them again, zone included.
update public.events set time_zone = time_zone;
