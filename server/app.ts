// The venue server's HTTP app: Supabase-compatible APIs over one Postgres, plus the built PWA.
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import type { AppDeps } from './deps.ts';
import { HttpError } from './http-error.ts';
import { checkApiKey } from './api-auth.ts';
import { restRoutes } from './rest/routes.ts';
import { rateLimit } from './auth/rate-limit.ts';
import { authRoutes } from './auth/routes.ts';
import { functionRoutes, keylessFunction } from './functions/host.ts';
import { storageRoutes } from './storage.ts';
import { devMailRoutes } from './mail/dev-mailbox.ts';
import { staticRoutes } from './static.ts';
import { STRICT_TRANSPORT_SECURITY, servesHttps } from './tls.ts';

const EXPOSED_HEADERS = 'Content-Range, X-Supabase-Api-Version, Content-Length, Range';
/** What another origin's page may call: the API, as supabase-js does, and the health check. */
const CORS_PATHS = /^\/(rest|auth|functions|storage|realtime)\/|^\/_health$/;

export function createApp(deps: AppDeps): Hono {
  const app = new Hono();

  // HSTS on every answer that reaches the browser over HTTPS; over plain HTTP it would be ignored at best.
  if (servesHttps(deps.config)) {
    app.use('*', async (c, next) => {
      await next();
      c.res.headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    });
  }

  // CORS for the API (REST, auth, functions, storage, realtime, health): the PWA may be served from another
  // origin (vite dev, a CDN) and call it. Not for the dev mailbox, which holds every reset link, so no other
  // site's page may read it; nor for the app's own files, its page's, same-origin.
  app.use('*', async (c, next) => {
    if (!CORS_PATHS.test(c.req.path)) return next();
    if (c.req.method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS,HEAD',
          'Access-Control-Allow-Headers':
            c.req.header('access-control-request-headers') ??
            'apikey, authorization, x-client-info, content-type, prefer, accept-profile, content-profile, x-supabase-api-version, x-retry-count, idempotency-key',
          'Access-Control-Max-Age': '86400',
        },
      });
    }
    await next();
    c.res.headers.set('Access-Control-Allow-Origin', '*');
    c.res.headers.set('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  });

  app.use('*', compress());

  const tooLarge = (): never => {
    throw new HttpError(413, {
      code: 'PGRST413',
      message: `Request body larger than ${deps.config.maxBodyBytes} bytes`,
      details: null,
      hint: null,
    });
  };
  const streamLimit = bodyLimit({ maxSize: deps.config.maxBodyBytes, onError: tooLarge });
  // bodyLimit's own first step reads c.req.raw.body, which turns node-server's light request into a
  // full web Request with a stream (a large share of a small API request's CPU). A declared length,
  // or a GET without a body, decides the same way without touching the body.
  const limit: MiddlewareHandler = async (c, next) => {
    const length = c.req.header('content-length');
    const chunked = c.req.header('transfer-encoding') !== undefined;
    if (!chunked && length !== undefined && /^\d+$/.test(length)) return Number(length) > deps.config.maxBodyBytes ? tooLarge() : next();
    if (!chunked && length === undefined && (c.req.method === 'GET' || c.req.method === 'HEAD')) return next();
    return streamLimit(c, next);
  };

  // Kong's gate: every API request carries a valid project key. Public storage objects do not.
  const apiKeyGate = async (c: Parameters<Parameters<typeof app.use>[1]>[0], next: () => Promise<void>) => {
    // Like Kong, leave the e-mailed link open: a click in a mail client carries no apikey.
    const emailLink = c.req.method === 'GET' && c.req.path === '/auth/v1/verify';
    if (!emailLink && !keylessFunction(c.req.path)) await checkApiKey(c, deps.config);
    await next();
  };
  for (const prefix of ['/rest/v1/*', '/auth/v1/*', '/functions/v1/*']) {
    app.use(prefix, limit);
    app.use(prefix, apiKeyGate);
  }

  // The verification mail is sign-up's and recovery's sibling: the same per-IP limit, for every address alike.
  const verificationLimit = rateLimit(deps, 'send-verification');
  app.use('/functions/v1/send-verification', (c, next) => (c.req.method === 'POST' ? verificationLimit(c, next) : next()));

  app.route('/rest/v1', restRoutes(deps));
  app.route('/auth/v1', authRoutes(deps));
  app.route('/functions/v1', functionRoutes(deps, app));
  app.route('/storage/v1', storageRoutes(deps));
  // Every reset link and coupon code is in there: loopback only, unless DEV_MAILBOX=on says otherwise.
  if (deps.config.devMailbox && deps.mailer.kind === 'dev') app.route('/_dev/mail', devMailRoutes(deps));
  app.get('/_health', (c) => c.json({ ok: true, db: deps.db.kind }));
  if (deps.config.staticDir) app.route('/', staticRoutes(deps.config.staticDir));

  app.notFound((c) => c.json({ code: 'NOT_FOUND', message: `No route for ${c.req.method} ${c.req.path}` }, 404));

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      return new Response(err.status === 204 ? null : JSON.stringify(err.body), {
        status: err.status,
        headers: { 'Content-Type': 'application/json; charset=utf-8', ...err.headers },
      });
    }
    // Malformed JSON and similar client faults surface from hono as HTTPException-like errors with a status.
    const status = (err as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return c.json({ code: 'BAD_REQUEST', message: err.message, details: null, hint: null }, status as 400);
    }
    // The client went away mid-request (e.g. closed during the upload): nobody is left to answer.
    if ((err as NodeJS.ErrnoException).code === 'ECONNRESET') {
      return c.json({ code: 'BAD_REQUEST', message: 'Request aborted by the client', details: null, hint: null }, 400);
    }
    console.error('[server] unhandled error', c.req.method, c.req.path, err);
    return c.json({ code: 'XX000', message: 'Internal server error', details: null, hint: null }, 500);
  });

  return app;
}
