// Client auth state (SPEC §3 "Session user"): kept by supabase-js in localStorage, mirrored here for the UI.
import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';
import { createStore } from 'zustand/vanilla';

export interface SessionUser {
  id: string;
  /** The part of the e-mail before the at sign, or "User". */
  name: string;
  email: string | null;
  avatar_url: string | null;
}

export interface AuthState {
  user: SessionUser | null;
  isAuthenticated: boolean;
  /** False until supabase-js has read any stored session. */
  ready: boolean;
  /** The last auth event, e.g. PASSWORD_RECOVERY for the reset page. */
  lastEvent: AuthChangeEvent | null;
}

export const authStore = createStore<AuthState>(() => ({ user: null, isAuthenticated: false, ready: false, lastEvent: null }));

export function sessionUser(user: User): SessionUser {
  const email = user.email ?? null;
  const avatar = user.user_metadata?.avatar_url;
  return {
    id: user.id,
    name: email?.split('@')[0] || 'User',
    email,
    avatar_url: typeof avatar === 'string' ? avatar : null,
  };
}

function apply(event: AuthChangeEvent | null, session: Session | null) {
  const user = session?.user ? sessionUser(session.user) : null;
  authStore.setState({ user, isAuthenticated: user !== null, ready: true, lastEvent: event });
}

/** Follows supabase-js's session; returns an unsubscribe. */
export function followAuth(client: SupabaseClient): () => void {
  const { data } = client.auth.onAuthStateChange((event, session) => apply(event, session));
  return () => data.subscription.unsubscribe();
}

/** Signs out; failures are only logged (SPEC §8), the local session is cleared either way. */
export async function signOut(client: SupabaseClient): Promise<void> {
  const { error } = await client.auth.signOut();
  if (error) console.warn('Sign out failed', error);
  apply('SIGNED_OUT', null);
}
