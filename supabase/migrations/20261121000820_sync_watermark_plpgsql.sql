-- sync_watermark and sync_tombstone_horizon, unchanged in meaning, in plpgsql. As SQL functions with
-- a SET clause they could not be inlined, so every call parsed and planned their query again: for the
-- watermark, a query on the pg_stat_activity view, which cost more than the rest of a no-change
-- sync_pull. plpgsql keeps the plan for the session.

create or replace function public.sync_watermark() returns timestamptz
language plpgsql stable security definer set search_path = '' as $$
begin
  return least(now(), coalesce((select min(xact_start) from pg_catalog.pg_stat_activity
                                 where xact_start is not null and pid <> pg_catalog.pg_backend_pid()), now()))
         - interval '1 second';
end $$;

create or replace function public.sync_tombstone_horizon() returns timestamptz
language plpgsql stable set search_path = '' as $$
begin
  return now() - interval '30 days';
end $$;
