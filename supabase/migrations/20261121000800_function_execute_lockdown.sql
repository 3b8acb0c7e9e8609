-- 000500 meant every function created later to stay closed to the API roles until granted. But a
-- per-schema ALTER DEFAULT PRIVILEGES cannot take away the global default EXECUTE for PUBLIC, so
-- public.is_time_zone_name (000700) was callable by anon and authenticated through /rest/v1/rpc.
-- Close it; later migrations must revoke from public explicitly, as this one does.

revoke execute on function public.is_time_zone_name(text) from public, anon, authenticated;
grant execute on function public.is_time_zone_name(text) to service_role;
