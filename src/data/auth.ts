// Client auth state (SPEC §3 "Session user"): kept by supabase-js in localStorage, mirrored here for the UI.
import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';
import { createStore } from 'zustand/vanilla';
import { isOrganiserMetadata, isRingClerkMetadata } from '../../shared/organiser.ts';

interface SessionUser {
  id: string;
  /** The part of the e-mail before the at sign, or "User". */
  name: string;
  email: string | null;
  avatar_url: string | null;
  /** The organiser role from app_metadata: opens the console (the database decides what it may do). */
  organiser: boolean;
  /** A ring clerk or an organiser: opens the ring-side screen (the database decides what it may do). */
  ringClerk: boolean;
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

function sessionUser(user: User): SessionUser {
  const email = user.email ?? null;
  const avatar = user.user_metadata?.avatar_url;
  return {
    id: user.id,
    name: email?.split('@')[0] || 'User',
    email,
    avatar_url: typeof avatar === 'string' ? avatar : null,
    organiser: isOrganiserMetadata(user.app_metadata),
    ringClerk: isRingClerkMetadata(user.app_metadata),
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

/** auth-js's keys for one session: sb-<project>-auth-token, and its -code-verifier and -user companions. */
const SESSION_KEY = /^sb-.+-auth-token(?:-code-verifier|-user)?$/;
const SESSION_TOKEN_KEY = /^sb-.+-auth-token$/;

/** The access token of a saved session, while it is still valid (an expired one cannot be revoked). */
function liveAccessToken(saved: string | null, nowMs: number): string | null {
  try {
    const session: unknown = JSON.parse(saved ?? 'null');
    if (typeof session !== 'object' || session === null) return null;
    const { access_token: token, expires_at: expiresAt } = session as { access_token?: unknown; expires_at?: unknown };
    if (typeof token !== 'string') return null;
    return typeof expiresAt === 'number' && expiresAt * 1_000 <= nowMs ? null : token;
  } catch {
    return null;
  }
}

/**
 * Deletes the session saved on this device at once, with no network and without supabase-js (whose
 * signOut keeps the session when the server cannot be reached). Returns its access token while still
 * valid, for the server's revoke.
 */
export function forgetSavedSession(nowMs: number = Date.now()): string | null {
  let token: string | null = null;
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && SESSION_KEY.test(key)) keys.push(key);
    }
    for (const key of keys) {
      if (SESSION_TOKEN_KEY.test(key)) token ??= liveAccessToken(localStorage.getItem(key), nowMs);
      localStorage.removeItem(key);
    }
  } catch {
    // No storage (a locked-down browser): nothing was saved either.
  }
  return token;
}

/** Statuses of a revoke that found the session already ended on the server. */
const ALREADY_ENDED = new Set([401, 403, 404]);

/**
 * The network half of signing out, after forgetSavedSession: supabase-js drops the session too (and tells
 * the app's other tabs), then the server revokes it, within the client's deadline. Failures are only logged
 * (SPEC §8): offline, the device has forgotten the session all the same.
 */
export async function endServerSession(client: SupabaseClient, accessToken: string | null): Promise<void> {
  // Storage is empty, so this sends nothing, unless a token refresh that was running saved a new session.
  const { error } = await client.auth.signOut({ scope: 'local' });
  const tokens = [accessToken, error ? forgetSavedSession() : null].filter((t): t is string => t !== null);
  applyAuthEvent('SIGNED_OUT', null);
  for (const token of tokens) {
    const { error: revokeError } = await client.auth.admin.signOut(token, 'global');
    if (revokeError && !ALREADY_ENDED.has(revokeError.status ?? 0)) console.warn('Sign out: the server was not told', revokeError);
  }
}

/** A session saved by supabase-js (auth-js keeps it in localStorage as sb-<project>-auth-token). */
/**
 * An email's link back into the app (sign-up confirmation, password reset, magic link): supabase-js reads
 * the session or the error from the address (detectSessionInUrl), so it must load at once.
 */
export function signInInUrl(where: Pick<Location, 'hash' | 'search'>): boolean {
  return /(^|[#&?])(access_token|error_description|code)=/.test(`${where.search}${where.hash}`);
}

export function hasSavedSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) if (/^sb-.+-auth-token$/.test(localStorage.key(i) ?? '')) return true;
  } catch {
    // No storage (a locked-down browser): nothing saved either.
  }
  return false;
}
