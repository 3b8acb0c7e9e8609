-- The organiser role: Supabase's convention, a claim in the user's app_metadata
-- ({"show_role": "organiser"}), which only the service-role key can set (auth.admin.updateUserById).
-- Policies ask public.is_organiser(). It reads auth.users rather than the token's copy of the claim,
-- so taking the role away holds at once instead of when the last access token expires.

create or replace function public.is_organiser() returns boolean
  language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select u.raw_app_meta_data ->> 'show_role' = 'organiser' from auth.users u where u.id = auth.uid()),
    false)
$$;

revoke execute on function public.is_organiser() from public, anon, authenticated;
-- Policies run it as the calling role, so the API roles need execute; it reveals only the caller's own role.
grant execute on function public.is_organiser() to anon, authenticated, service_role;
