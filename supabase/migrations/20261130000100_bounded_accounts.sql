-- Bounded accounts: a user's metadata has a size cap and its names a length cap, checked here
-- for every writer (GoTrue's sign-up, PUT /user, the admin API, SQL), and a sign-up nobody verifies is
-- removed after a day. A trigger on auth.users is allowed on hosted Supabase as on the venue server.

/**
 * Why a user's metadata cannot be stored, or null when it can: at most 4096 bytes as jsonb text, and the
 * name fields at most 100 characters (the votes' name columns and shared/vote.ts VOTE_FIELD_MAX_LENGTH).
 * The venue server asks it before answering a sign-up, so a new and a registered address hear the same.
 */
create function public.user_metadata_problem(p_meta jsonb) returns text
language sql immutable set search_path = '' as $$
  select case
    when octet_length(coalesce(p_meta, '{}'::jsonb)::text) > 4096
      then 'User metadata is limited to 4096 bytes'
    when jsonb_typeof(p_meta) = 'object' and exists (
        select from jsonb_each(p_meta) f
         where f.key in ('first_name', 'middle_name', 'last_name')
           and jsonb_typeof(f.value) = 'string' and char_length(f.value #>> '{}') > 100)
      then 'A name is limited to 100 characters'
  end
$$;
revoke execute on function public.user_metadata_problem(jsonb) from public, anon, authenticated;
grant execute on function public.user_metadata_problem(jsonb) to service_role;

create function public.check_user_metadata() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_problem text := public.user_metadata_problem(new.raw_user_meta_data);
begin
  if v_problem is not null then
    raise exception using errcode = '22023', message = v_problem;
  end if;
  return new;
end $$;
revoke execute on function public.check_user_metadata() from public, anon, authenticated;

-- Before handle_new_user's profile insert (an AFTER trigger); an update is checked only when it changes
-- the metadata, so an account stored before this cap can still sign in and change its password.
create trigger user_metadata_bounded before insert on auth.users
  for each row execute function public.check_user_metadata();
create trigger user_metadata_bounded_update before update of raw_user_meta_data on auth.users
  for each row when (new.raw_user_meta_data is distinct from old.raw_user_meta_data)
  execute function public.check_user_metadata();

-- The profile's names (sign-up copies them, the visitor edits them) under the same cap; longer names
-- stored before it are cut so the check holds for every row.
update public.users
   set first_name = left(first_name, 100), middle_name = left(middle_name, 100), last_name = left(last_name, 100)
 where char_length(first_name) > 100 or char_length(middle_name) > 100 or char_length(last_name) > 100;
alter table public.users
  add constraint users_first_name_length check (char_length(first_name) <= 100),
  add constraint users_middle_name_length check (char_length(middle_name) <= 100),
  add constraint users_last_name_length check (char_length(last_name) <= 100);

/**
 * Removes accounts whose profile was never verified and that were created before p_created_before (the
 * venue server passes a day ago), with what hangs off them: identities, sessions and refresh tokens,
 * the profile (on delete cascade) and their unused verification tokens. Organisers are kept whatever
 * their profile says, and so is any account holding a coupon (coupons need a verified profile, so a
 * never-verified account holds none). Returns how many accounts went.
 */
create function public.prune_unverified_accounts(p_created_before timestamptz) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  v_removed integer;
begin
  with gone as (
    delete from auth.users u
     using public.users p
     where p.id = u.id
       and not p.verified
       and u.created_at < p_created_before
       and coalesce(u.raw_app_meta_data ->> 'show_role', '') = ''
       and not exists (select from public.coupons c where c.user_id = u.id)
    returning u.email
  ), tokens as (
    delete from public.verification_tokens t using gone where lower(t.user_email) = lower(gone.email)
  )
  select count(*) into v_removed from gone;
  return v_removed;
end $$;
revoke execute on function public.prune_unverified_accounts(timestamptz) from public, anon, authenticated;
grant execute on function public.prune_unverified_accounts(timestamptz) to service_role;
