// Visitors for the hostile-input tests: signed up, verified through the mailed token, and signed in.
import type { SupabaseClient } from '@supabase/supabase-js';
import type { VenueServer } from '../../server/start.ts';
import { linkIn, mailsTo, uniqueEmail } from './mailbox.ts';
import { client } from './server.ts';

export const VISITOR_PASSWORD = 'Whiskers#2026';

export interface Visitor {
  id: string;
  email: string;
  /** A supabase-js client signed in as this visitor. */
  client: SupabaseClient;
  accessToken: string;
  refreshToken: string;
}

/** Signs up (and, unless verify is false, verifies) a visitor, then signs in with a fresh client. */
export async function createVisitor(server: VenueServer, prefix: string, verify = true): Promise<Visitor> {
  const email = uniqueEmail(prefix);
  const anon = client(server);
  const data = { first_name: prefix, last_name: 'Tester', city: 'Utrecht' };
  const signUp = await anon.auth.signUp({ email, password: VISITOR_PASSWORD, options: { data } });
  if (signUp.error) throw signUp.error;
  const sent = await anon.functions.invoke('send-verification', { body: { email } });
  if (sent.error) throw sent.error;
  if (verify) {
    const mail = (await mailsTo(server, email)).find((m) => m.subject === 'Verify your PurrFect Show account');
    if (!mail) throw new Error(`no verification mail for ${email}`);
    const token = new URL(linkIn(mail, /http:\/\/\S+\/activate-account\?token=[A-Za-z0-9]+/)).searchParams.get('token')!;
    const verified = await anon.rpc('verify_account', { p_token: token });
    if (verified.error) throw verified.error;
  }
  const user = client(server);
  const signIn = await user.auth.signInWithPassword({ email, password: VISITOR_PASSWORD });
  if (signIn.error) throw signIn.error;
  return {
    id: signIn.data.user.id,
    email,
    client: user,
    accessToken: signIn.data.session.access_token,
    refreshToken: signIn.data.session.refresh_token,
  };
}
