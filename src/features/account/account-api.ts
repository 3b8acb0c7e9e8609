// The account screens' calls to the backend (supabase-js, loaded on first use through data/backend.ts).
// Every answer the screens use is parsed with zod here, so nothing downstream casts a supabase-js result.
import { applyAuthEvent, backendClient, signOut } from '../../data/backend.ts';
import { saveProfileCopy, savedProfileCopy } from '../../data/mirror.ts';
import { ACCOUNT_MESSAGES } from '../../../shared/messages.ts';
import * as z from '../../../shared/zod-mini.ts';
import { isConnectionFailure } from './messages.ts';
import { PROFILE_FIELDS, type ProfileField } from './profile-fields.ts';

/** A nullable text column: null when absent. */
const text = z.pipe(
  z.nullish(z.string()),
  z.transform((v) => v ?? null),
);

const profileSchema = z.object({
  ...(Object.fromEntries(PROFILE_FIELDS.map((k) => [k, text])) as Record<ProfileField, typeof text>),
  id: z.optional(z.string()),
  email: z.string(),
  verified: z.pipe(
    z.nullish(z.boolean()),
    z.transform((v) => v === true),
  ),
  last_updated: z.nullish(z.string()),
  avatar_url: z.nullish(z.string()),
});

/** SPEC §3 "User (profile)". */
export type Profile = z.output<typeof profileSchema>;

/** send-verification's 2xx answer: `sent: false` with a message when no mail was needed. */
const verificationReplySchema = z.nullish(z.object({ sent: z.optional(z.boolean()), message: z.optional(z.string()) }));
export type VerificationReply = z.output<typeof verificationReplySchema>;

/** PostgREST's "no rows" for .single(). */
const NO_ROWS = 'PGRST116';

/** Signs in and applies the session at once, so a guarded `next` sees it; throws the auth error. */
export async function signIn(email: string, password: string): Promise<void> {
  const client = await backendClient();
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  applyAuthEvent('SIGNED_IN', data.session);
}

/** Creates the account with the profile as metadata; throws the auth error. */
export async function signUp(email: string, password: string, profile: Record<string, string>): Promise<void> {
  const client = await backendClient();
  const { error } = await client.auth.signUp({ email, password, options: { data: profile } });
  if (error) throw error;
}

export { signOut };

/** Mails a password-reset link that lands on `redirectTo`; throws on failure. */
export async function sendPasswordReset(email: string, redirectTo: string): Promise<void> {
  const client = await backendClient();
  const { error } = await client.auth.resetPasswordForEmail(email, { redirectTo });
  if (error) throw error;
}

/** Sets a new password for the (recovery) session; throws on failure. */
export async function updatePassword(password: string): Promise<void> {
  const client = await backendClient();
  const { error } = await client.auth.updateUser({ password });
  if (error) throw error;
}

/** Spends an activation token (verify_account); the error's message when it is refused. */
export async function verifyAccount(token: string): Promise<{ ok: true } | { ok: false; message: string | null }> {
  const client = await backendClient();
  const { error } = await client.rpc('verify_account', { p_token: token });
  if (!error) return { ok: true };
  return { ok: false, message: isConnectionFailure(error) ? ACCOUNT_MESSAGES.connectionNeeded : error.message || null };
}

/** Asks send-verification for an activation mail: its parsed answer, or the function's error. */
export async function requestVerificationMail(email: string): Promise<{ ok: true; reply: VerificationReply } | { ok: false; error: unknown }> {
  const client = await backendClient();
  const { data, error } = await client.functions.invoke('send-verification', { body: { email } });
  if (error) return { ok: false, error };
  // An answer of another shape counts as sent, as before: the function said 2xx.
  const reply = verificationReplySchema.safeParse(data);
  return { ok: true, reply: reply.success ? reply.data : null };
}

/** The visitor's users row by e-mail, kept on this device for offline; null when there is none (SPEC §7 tolerates "no rows"). */
export async function loadProfile(email: string, userId: string): Promise<Profile | null> {
  const client = await backendClient();
  const { data, error } = await client.from('users').select('*').eq('email', email).single();
  if (error) {
    if (error.code === NO_ROWS) return null;
    throw error;
  }
  const profile = profileSchema.parse(data);
  await saveProfileCopy(userId, profile);
  return profile;
}

/** The profile last loaded on this device for this visitor, and when; null when there is none usable. */
export async function savedProfile(email: string, userId: string): Promise<{ profile: Profile; savedAt: number } | null> {
  const saved = await savedProfileCopy(userId);
  // Restore before use: a copy from an older build, or of another address, is not shown.
  const profile = profileSchema.safeParse(saved?.row);
  if (!saved || !profile.success || profile.data.email !== email) return null;
  return { profile: profile.data, savedAt: saved.savedAt };
}

/** Saves the editable fields of the visitor's row; the row as stored (kept on this device too). Throws when nothing was updated. */
export async function saveProfile(email: string, userId: string, fields: Record<ProfileField, string | null>): Promise<Profile> {
  const client = await backendClient();
  const { data, error } = await client
    .from('users')
    .update({ ...fields, last_updated: new Date().toISOString() })
    .eq('email', email)
    .select('*');
  if (error) throw error;
  const [row] = z.array(profileSchema).parse(data ?? []);
  if (!row) throw new Error('no row updated');
  await saveProfileCopy(userId, row);
  return row;
}
