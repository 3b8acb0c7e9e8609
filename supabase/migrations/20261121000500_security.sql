-- Who may read and write what (DESIGN.md "Database conventions"). Supabase grants every API role all
-- privileges on new public tables by default, so each table is narrowed here and guarded by RLS.

do $$
declare t text;
begin
  foreach t in array public.sync_tables() || array['sync_tombstones', 'users', 'verification_tokens',
                                                    'visitor_choice', 'coupons'] loop
    execute format('alter table public.%I enable row level security', t);
    execute format('revoke all on table public.%I from anon, authenticated', t);
  end loop;

  -- The public catalogue: anyone may read it, nobody but service_role may change it.
  foreach t in array public.sync_tables() || array['sync_tombstones'] loop
    execute format('grant select on table public.%I to anon, authenticated', t);
    execute format('create policy "catalogue is public" on public.%I for select to anon, authenticated using (true)', t);
  end loop;
end $$;

-- Votes: anyone may cast one; nobody but service_role may read, change or delete them.
grant insert (id, event_id, first_name, last_name, email, phone, catalog_number)
  on table public.visitor_choice to anon, authenticated;
create policy "anyone may vote" on public.visitor_choice for insert to anon, authenticated
  with check (true);

-- Profiles: a signed-in visitor reads and edits only their own row; identity columns are not editable.
grant select on table public.users to authenticated;
grant update (first_name, middle_name, last_name, phone, street_address, street_address_2, city,
              postal_code, state_province, country, avatar_url, last_updated)
  on table public.users to authenticated;
create policy "own profile is readable" on public.users for select to authenticated
  using (id = (select auth.uid()));
create policy "own profile is editable" on public.users for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- Coupons and verification tokens: service_role only (the functions and verify_account).
-- RLS is on with no policy, so even a stray grant would expose nothing.

-- RPCs: revoke the default PUBLIC execute, then grant what the API roles need.
revoke execute on all functions in schema public from public, anon, authenticated;
grant execute on function public.sync_pull(jsonb, integer) to anon, authenticated;
grant execute on function public.sync_watermark() to anon, authenticated;
grant execute on function public.sync_tombstone_horizon() to anon, authenticated;
grant execute on function public.sync_tables() to anon, authenticated;
grant execute on function public.cattery_slug(text) to anon, authenticated;
grant execute on function public.verify_account(text) to anon, authenticated;
grant execute on function public.submit_votes(jsonb) to anon, authenticated;
grant execute on all functions in schema public to service_role;

-- Functions created by later migrations must be granted explicitly too.
alter default privileges in schema public revoke execute on functions from public, anon, authenticated;
