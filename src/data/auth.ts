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
  /**
   * True from a password-recovery link (its `type=recovery` fragment at start-up, or the PASSWORD_RECOVERY
   * event) until sign-out; later events such as TOKEN_REFRESHED do not clear it.
   */
  recovery: boolean;
}

// Read before supabase-js consumes and clears the fragment (its start-up is asynchronous).
const openedFromRecoveryLink = /(?:^#|&)type=recovery(?:&|$)/.test(globalThis.location?.hash ?? '');

export const authStore = createStore<AuthState>(() => ({
  user: null,
  isAuthenticated: false,
  ready: false,
  lastEvent: null,
  recovery: openedFromRecoveryLink,
}));

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

/** Mirrors an auth event into the store (followAuth does this for every supabase-js event). */
export function applyAuthEvent(event: AuthChangeEvent | null, session: Session | null): void {
  const user = session?.user ? sessionUser(session.user) : null;
  const recovery = event === 'PASSWORD_RECOVERY' || (event !== 'SIGNED_OUT' && authStore.getState().recovery);
  authStore.setState({ user, isAuthenticated: user !== null, ready: true, lastEvent: event, recovery });
}

/** Follows supabase-js's session; returns an unsubscribe. */
export function followAuth(client: SupabaseClient): () => void {
  const { data } = client.auth.onAuthStateChange((event, session) => applyAuthEvent(event, session));
  return () => data.subscription.unsubscribe();
}

/** Signs out; failures are only logged (SPEC §8), the local session is cleared either way. */
export async function signOut(client: SupabaseClient): Promise<void> {
  const { error } = await client.auth.signOut();
  if (error) console.warn('Sign out failed', error);
  applyAuthEvent('SIGNED_OUT', null);
}

/** A session saved by supabase-js (auth-js keeps it in localStorage as sb-<project>-auth-token). */
export function hasSavedSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) if (/^sb-.+-auth-token$/.test(localStorage.key(i) ?? '')) return true;
  } catch {
    // No storage (a locked-down browser): nothing saved either.
  }
  return false;
}
