-- TEMP stub (live-client's worktree only): the realtime-server helper's migration of this name replaces it.
create or replace function public.live_pokes_install() returns void language plpgsql as $$ begin end $$;
revoke execute on function public.live_pokes_install() from public, anon, authenticated;
