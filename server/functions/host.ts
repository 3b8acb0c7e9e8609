// /functions/v1/<name>: runs the handlers in supabase/functions/<name>/handler.ts, the code hosted Supabase runs in Deno.
import { Hono } from 'hono';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { AppDeps } from '../deps.ts';
import { verifyJwt } from '../auth/jwt.ts';
import { parseBearer } from '../api-auth.ts';
import { cryptoRandomInt, type FunctionDeps, type Handler } from '../../supabase/functions/_shared/deps.ts';
import { createCalendarHandler } from '../../supabase/functions/calendar/handler.ts';
import { createSendCouponHandler } from '../../supabase/functions/send-coupon/handler.ts';
import { createSendVerificationHandler } from '../../supabase/functions/send-verification/handler.ts';
import { json } from '../../supabase/functions/_shared/http.ts';
import { jsonLimitProblem } from '../json-limits.ts';

interface FunctionEntry {
  /** Mirrors `[functions.<name>] verify_jwt` in supabase/config.toml. */
  verifyJwt: boolean;
  create(deps: FunctionDeps): Handler;
}

const FUNCTIONS: Record<string, FunctionEntry> = {
  calendar: { verifyJwt: false, create: createCalendarHandler },
  'send-coupon': { verifyJwt: true, create: createSendCouponHandler },
  'send-verification': { verifyJwt: true, create: createSendVerificationHandler },
};

/**
 * A function the gateway opens without a project key: verify_jwt false. Hosted Supabase's gateway checks
 * no apikey on /functions/v1 (a function checks its own JWT, or none), and a phone's calendar app polling
 * the calendar feed sends neither.
 */
export function keylessFunction(path: string): boolean {
  const name = /^\/functions\/v1\/([a-z0-9_-]+)(?:\/|$)/.exec(path)?.[1];
  return name !== undefined && Object.hasOwn(FUNCTIONS, name) && !FUNCTIONS[name]!.verifyJwt;
}

class NoRealtime {
  constructor() {
    throw new Error('realtime is not available to functions on the venue server');
  }
}

/** A service-role client whose requests go straight into this app, not over the network. */
function inProcessAdmin(deps: AppDeps, app: Hono): SupabaseClient {
  return createClient(deps.config.publicUrl, deps.config.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: (input, init) => Promise.resolve(app.fetch(new Request(input, init))) },
    realtime: { transport: NoRealtime as never },
  });
}

/**
 * The request with its JSON body checked against server/json-limits.ts (nothing that deep or long
 * reaches a handler, or through it the database), or the 400 answer in the functions' own shape.
 * A body that is not JSON passes unchanged: the handler answers it as it would on hosted Supabase.
 */
async function withinLimits(req: Request): Promise<Request | Response> {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || !req.body) return req;
  const text = await req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const problem = value === undefined ? null : jsonLimitProblem(value);
  if (problem) return json(400, { error: `Request body refused: ${problem}` });
  const headers = new Headers(req.headers);
  headers.delete('content-length');
  headers.delete('transfer-encoding');
  return new Request(req.url, { method: req.method, headers, body: text, signal: req.signal });
}

export function functionRoutes(deps: AppDeps, app: Hono): Hono {
  const routes = new Hono();
  let handlers: Map<string, Handler> | undefined;
  const handlerFor = (name: string) => {
    handlers ??= (() => {
      const fnDeps: FunctionDeps = {
        admin: inProcessAdmin(deps, app),
        sendMail: (msg) => deps.mailer.send(msg),
        siteUrl: deps.config.siteUrl,
        now: deps.now ?? Date.now,
        randomInt: cryptoRandomInt,
      };
      return new Map(Object.entries(FUNCTIONS).map(([n, f]) => [n, f.create(fnDeps)]));
    })();
    return handlers.get(name);
  };

  routes.all('/:name{[a-z0-9_-]+}/*', (c) => invoke(c.req.param('name'), c.req.raw));
  routes.all('/:name{[a-z0-9_-]+}', (c) => invoke(c.req.param('name'), c.req.raw));

  async function invoke(name: string, req: Request): Promise<Response> {
    const entry = FUNCTIONS[name];
    const handler = entry && handlerFor(name);
    if (!entry || !handler) {
      // Supabase's gateway answers an unknown function in JSON too.
      return new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Requested function was not found' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    // The gateway's verify_jwt: any valid project JWT (anon or user) passes; the handler decides the rest.
    if (entry.verifyJwt && req.method !== 'OPTIONS') {
      const headers = { 'Content-Type': 'application/json' };
      if (!req.headers.get('authorization')) {
        return new Response(JSON.stringify({ msg: 'Error: Missing authorization header' }), { status: 401, headers });
      }
      const token = parseBearer(req.headers.get('authorization'));
      const valid = token
        ? await verifyJwt(token, deps.config.jwtSecret).then(
            () => true,
            () => false,
          )
        : false;
      if (!valid) return new Response(JSON.stringify({ msg: 'Invalid JWT' }), { status: 401, headers });
    }
    const checked = await withinLimits(req);
    if (checked instanceof Response) return checked;
    try {
      return await handler(checked);
    } catch (e) {
      console.error(`[functions] ${name} crashed`, e);
      return new Response(JSON.stringify({ code: 'Internal Server Error', message: 'Request failed due to an internal server error' }), {
        status: 500,
        headers: { 'Content-Type': 'application/json' },
      });
    }
  }

  return routes;
}
