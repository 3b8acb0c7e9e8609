// Whether the signed-in visitor's e-mail is verified (their own users row), asked of the server and remembered
// for the tab; and the resend of the activation mail. send-coupon refuses unverified accounts, so the voucher
// says so before the visitor asks rather than after.
import { useEffect, useState } from 'react';
import { backendClient } from '../../data/backend.ts';
import * as z from '../../../shared/zod-mini.ts';
import { VERIFICATION_MAIL_MESSAGES } from '../../../shared/messages.ts';

/** Every network call has a deadline: past this the state stays unknown and the server decides. */
const VERIFIED_CHECK_TIMEOUT_MS = 10_000;

const verifiedRow = z.nullable(z.object({ verified: z.nullish(z.boolean()) }));
const functionError = z.object({ error: z.string().check(z.minLength(1)) });
const verificationReply = z.nullish(z.object({ sent: z.optional(z.boolean()), message: z.optional(z.string()) }));

/** Verified once is verified for good: no need to ask again in this tab. */
const verifiedUsers = new Set<string>();

/** true / false from the visitor's row (no row: not verified, as send-coupon sees it); null when it cannot be read. */
async function loadEmailVerified(userId: string): Promise<boolean | null> {
  if (verifiedUsers.has(userId)) return true;
  try {
    const client = await backendClient();
    const { data, error } = await client.from('users').select('verified').eq('id', userId).abortSignal(AbortSignal.timeout(VERIFIED_CHECK_TIMEOUT_MS)).maybeSingle();
    if (error) return null;
    const row = verifiedRow.safeParse(data);
    if (!row.success) return null;
    const verified = row.data?.verified === true;
    if (verified) verifiedUsers.add(userId);
    return verified;
  } catch {
    return null;
  }
}

/**
 * The visitor's verified state: undefined until the first answer, null when it cannot be read (offline: the
 * server decides). Asked again when the page is shown again or the network returns, so verifying in the mail
 * app and coming back is enough.
 */
export function useEmailVerified(userId: string | null): boolean | null | undefined {
  const [state, setState] = useState<{ userId: string; verified: boolean | null } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const check = () => {
      if (document.visibilityState === 'hidden') return;
      void loadEmailVerified(userId).then((verified) => {
        if (!live) return;
        // An unreadable answer keeps what was known.
        setState((known) => (verified === null && known?.userId === userId && known.verified !== null ? known : { userId, verified }));
      });
    };
    check();
    window.addEventListener('online', check);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      live = false;
      window.removeEventListener('online', check);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [userId]);
  return state && state.userId === userId ? state.verified : undefined;
}

/** Asks send-verification for a new activation link to the visitor's own address; the text to show. */
export async function resendVerificationMail(email: string): Promise<{ ok: boolean; message: string }> {
  try {
    const client = await backendClient();
    const { data, error } = await client.functions.invoke('send-verification', {
      body: { email },
      signal: AbortSignal.timeout(VERIFIED_CHECK_TIMEOUT_MS),
    });
    if (error) {
      const context: unknown = (error as { context?: unknown }).context;
      const body = context instanceof Response ? functionError.safeParse(await context.json().catch(() => null)) : null;
      return { ok: false, message: body?.success ? body.data.error : VERIFICATION_MAIL_MESSAGES.failed };
    }
    const reply = verificationReply.safeParse(data);
    if (reply.success && reply.data?.sent === false && reply.data.message) return { ok: true, message: reply.data.message };
    return { ok: true, message: VERIFICATION_MAIL_MESSAGES.sent };
  } catch {
    return { ok: false, message: VERIFICATION_MAIL_MESSAGES.failed };
  }
}
