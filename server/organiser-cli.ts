// npm run organiser -- add <email> | remove <email> | add-clerk <email> | remove-clerk <email> | list: who the
// show's organisers and ring clerks are.
// Only supabase-js's auth.admin with the service-role key, so the same command works against the venue
// server and hosted Supabase: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY, else the local venue server.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createClient, isAuthError, type SupabaseClient, type User } from '@supabase/supabase-js';
import { isOrganiserMetadata, ORGANISER_ROLE, RING_CLERK_ROLE, SHOW_ROLE_CLAIM } from '../shared/organiser.ts';
import { targetFromEnv, type Target } from './command-target.ts';

export { targetFromEnv };

/** Each call to the server gets this long before the command gives up. */
export const ORGANISER_CALL_DEADLINE_MS = 10_000;
const PAGE_SIZE = 1000;

export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

const USAGE = [
  'Usage: npm run organiser -- add <email>     give an account the organiser role',
  '       npm run organiser -- remove <email>  take the role away',
  '       npm run organiser -- add-clerk <email>     make an account a ring clerk (calls cats, records results)',
  '       npm run organiser -- remove-clerk <email>  take the ring clerk role away',
  '       npm run organiser -- list            print the organisers and the ring clerks',
  'Talks to SUPABASE_URL with SUPABASE_SERVICE_ROLE_KEY (default: the local venue server and its keys).',
].join('\n');

class CommandError extends Error {
  override name = 'CommandError';
}

/** A fetch with a deadline on every call that remembers why the network failed, for one clear message. */
function deadlineFetch(deadlineMs: number): { fetch: typeof fetch; failure: () => string | null } {
  let failure: string | null = null;
  const wrapped: typeof fetch = async (input, init) => {
    try {
      return await fetch(input, { ...init, signal: AbortSignal.timeout(deadlineMs) });
    } catch (e) {
      const err = e as Error & { cause?: { code?: string; message?: string } };
      failure = err.name === 'TimeoutError' ? `no answer within ${deadlineMs / 1000} s` : (err.cause?.code ?? err.cause?.message ?? err.message);
      // A gateway error, not a throw: auth-js prints a thrown fetch error to the console itself.
      return new Response(JSON.stringify({ message: failure }), { status: 502, headers: { 'Content-Type': 'application/json' } });
    }
  };
  return { fetch: wrapped, failure: () => failure };
}

/** An auth.admin error as a sentence the organiser can act on. */
function explain(target: Target, error: unknown, networkFailure: string | null): CommandError {
  if (networkFailure) {
    return new CommandError(
      `Cannot reach ${target.url} (${networkFailure}). Is the venue server running (npm start)? ` + 'For another server, set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.',
    );
  }
  if (isAuthError(error) && (error.status === 401 || error.status === 403)) {
    return new CommandError(
      `${target.url} refused the service-role key (${error.status}: ${error.message}). ` +
        "Set SUPABASE_SERVICE_ROLE_KEY to this project's service_role key (npm run keys wrote the venue server's to .env.local).",
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new CommandError(`${target.url} answered with an error: ${message}`);
}

/** The data of a successful auth.admin answer. */
type Success<R> = Extract<R, { error: null }> extends { data: infer D } ? D : never;
/** supabase-js builds its realtime client eagerly, and Node 20 has no WebSocket; this command never opens one. */
class NoRealtime {
  constructor() {
    throw new Error('the organiser command uses no realtime connection');
  }
}

type Call = <R extends { data: unknown; error: unknown }>(request: () => Promise<R>) => Promise<Success<R>>;

function connect(target: Target, deadlineMs: number): { admin: SupabaseClient['auth']['admin']; call: Call } {
  const net = deadlineFetch(deadlineMs);
  const supabase = createClient(target.url, target.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: net.fetch },
    realtime: { transport: NoRealtime as never },
  });
  const call: Call = async (request) => {
    let result: { data: unknown; error: unknown };
    try {
      result = await request();
    } catch (e) {
      throw explain(target, e, net.failure());
    }
    if (result.error) throw explain(target, result.error, net.failure());
    return result.data as never;
  };
  return { admin: supabase.auth.admin, call };
}

/** Every account, a page at a time (auth.admin has no look-up by e-mail). */
async function allUsers(admin: SupabaseClient['auth']['admin'], call: Call): Promise<User[]> {
  const users: User[] = [];
  for (let page = 1; ; page++) {
    const data = await call(() => admin.listUsers({ page, perPage: PAGE_SIZE }));
    users.push(...data.users);
    if (data.users.length < PAGE_SIZE) return users;
  }
}

async function findUser(admin: SupabaseClient['auth']['admin'], call: Call, email: string): Promise<User | undefined> {
  const wanted = email.trim().toLowerCase();
  return (await allUsers(admin, call)).find((u) => u.email?.toLowerCase() === wanted);
}

export interface Output {
  out: (line: string) => void;
  err: (line: string) => void;
  /** The deadline of each call (tests shorten it). */
  deadlineMs?: number;
}

/** Whether the user is a ring clerk (an organiser is not listed as one, though they may do all a clerk may). */
const isClerk = (user: User): boolean => user.app_metadata?.[SHOW_ROLE_CLAIM] === RING_CLERK_ROLE;

const byEmail = (a: User, b: User) => (a.email ?? '').localeCompare(b.email ?? '');

/** Runs one organiser command; the exit code: 0 done, 1 failed, 2 wrong usage. */
export async function runOrganiserCommand(args: string[], env: Record<string, string | undefined>, io: Output): Promise<number> {
  const [command, email, ...extra] = args;
  const needsEmail = command === 'add' || command === 'remove' || command === 'add-clerk' || command === 'remove-clerk';
  if (!(needsEmail || command === 'list') || (needsEmail && !email) || extra.length > 0 || (command === 'list' && email)) {
    io.err(USAGE);
    return EXIT_USAGE;
  }
  const target = targetFromEnv(env);
  const { admin, call } = connect(target, io.deadlineMs ?? ORGANISER_CALL_DEADLINE_MS);
  try {
    if (command === 'list') {
      const users = await allUsers(admin, call);
      const organisers = users.filter((u) => isOrganiserMetadata(u.app_metadata));
      if (organisers.length === 0) io.out(`No organisers yet at ${target.url}. Add one: npm run organiser -- add <email>`);
      else {
        io.out(`Organisers at ${target.url} (${organisers.length}):`);
        for (const u of organisers.sort(byEmail)) io.out(`  ${u.email ?? u.id}`);
      }
      const clerks = users.filter(isClerk);
      if (clerks.length === 0) io.out(`No ring clerks yet at ${target.url}. Add one: npm run organiser -- add-clerk <email>`);
      else {
        io.out(`Ring clerks at ${target.url} (${clerks.length}):`);
        for (const u of clerks.sort(byEmail)) io.out(`  ${u.email ?? u.id}`);
      }
      return EXIT_OK;
    }
    const user = await findUser(admin, call, email!);
    if (!user) {
      if (command === 'remove' || command === 'remove-clerk') {
        io.err(`No account for ${email} at ${target.url}; nothing changed.`);
        return EXIT_FAILED;
      }
      // The account is the organiser's own (their password, their name on the profile): they register in the app.
      io.err(`No account for ${email} at ${target.url}. Ask them to register in the app first (/register), then run this again.`);
      return EXIT_FAILED;
    }
    const organiser = isOrganiserMetadata(user.app_metadata);
    if (command === 'add-clerk') {
      if (organiser) {
        io.out(`${user.email} is an organiser, who may already do all a ring clerk may; nothing changed.`);
        return EXIT_OK;
      }
      if (isClerk(user)) {
        io.out(`${user.email} is already a ring clerk; nothing changed.`);
        return EXIT_OK;
      }
      await call(() => admin.updateUserById(user.id, { app_metadata: { [SHOW_ROLE_CLAIM]: RING_CLERK_ROLE } }));
      io.out(`${user.email} is now a ring clerk. They may call cats and record results at once; the app shows them the ring-side screen after they sign in again.`);
      return EXIT_OK;
    }
    if (command === 'remove-clerk') {
      if (!isClerk(user)) {
        io.out(`${user.email} is not a ring clerk; nothing changed.`);
        return EXIT_OK;
      }
      await call(() => admin.updateUserById(user.id, { app_metadata: { [SHOW_ROLE_CLAIM]: null } }));
      io.out(`${user.email} is no longer a ring clerk (effective at once).`);
      return EXIT_OK;
    }
    if (command === 'add') {
      if (organiser) {
        io.out(`${user.email} is already an organiser; nothing changed.`);
        return EXIT_OK;
      }
      await call(() => admin.updateUserById(user.id, { app_metadata: { [SHOW_ROLE_CLAIM]: ORGANISER_ROLE } }));
      io.out(`${user.email} is now an organiser. They may write the catalogue and read the votes at once; the app shows them the console after they sign in again.`);
      return EXIT_OK;
    }
    if (!organiser) {
      io.out(`${user.email} is not an organiser; nothing changed.`);
      return EXIT_OK;
    }
    // null removes the key: GoTrue merges app_metadata key by key.
    await call(() => admin.updateUserById(user.id, { app_metadata: { [SHOW_ROLE_CLAIM]: null } }));
    io.out(`${user.email} is no longer an organiser (effective at once).`);
    return EXIT_OK;
  } catch (e) {
    if (e instanceof CommandError) {
      io.err(e.message);
      return EXIT_FAILED;
    }
    throw e;
  }
}

async function main(): Promise<void> {
  // The environment wins over .env.local (npm run keys), which wins over .env, as for npm start.
  for (const file of ['.env.local', '.env']) if (existsSync(file)) process.loadEnvFile(file);
  const code = await runOrganiserCommand(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exit(code);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(EXIT_FAILED);
  });
}
