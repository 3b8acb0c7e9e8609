// /auth/v1: the GoTrue endpoints supabase-js uses (docs/DESIGN.md §7.2). The apikey gate has already run.
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { adminRoutes } from './admin.ts';
import { API_VERSION, API_VERSION_HEADER, authError } from './errors.ts';
import { passwordGrant, signup } from './password.ts';
import { rateLimit } from './rate-limit.ts';
import { recover, verifyLink, verifyToken } from './recovery.ts';
import { rotateRefreshToken } from './sessions.ts';
import { getUser, logout, updateUser } from './user.ts';
import { readBody } from './validate.ts';

const RefreshBody = z.object({ refresh_token: z.string().nullish() });

export function authRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  // auth-js reads an error's `code` only from responses that carry the API version.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set(API_VERSION_HEADER, API_VERSION);
  });

  app.post('/signup', rateLimit(deps, 'signup'), (c) => signup(c, deps));

  app.post('/token', rateLimit(deps, 'token'), async (c) => {
    const grant = c.req.query('grant_type');
    if (grant === 'password') return passwordGrant(c, deps);
    if (grant === 'refresh_token') {
      const { refresh_token } = await readBody(c, RefreshBody);
      if (!refresh_token) throw authError(400, 'validation_failed', 'refresh_token required');
      return c.json(await rotateRefreshToken(deps, refresh_token));
    }
    throw authError(400, 'unsupported_grant_type', `Unsupported grant type "${grant ?? ''}"`);
  });

  app.post('/logout', (c) => logout(c, deps));
  app.post('/recover', rateLimit(deps, 'recover'), (c) => recover(c, deps));
  app.get('/verify', rateLimit(deps, 'verify'), (c) => verifyLink(c, deps));
  app.post('/verify', rateLimit(deps, 'verify'), (c) => verifyToken(c, deps));
  app.get('/user', (c) => getUser(c, deps));
  app.put('/user', (c) => updateUser(c, deps));
  app.route('/admin', adminRoutes(deps));

  app.all('*', (c) => {
    throw authError(404, 'not_found', `No route for ${c.req.method} ${c.req.path}`);
  });

  return app;
}
