// /_dev/mail: the mails the server "sent" while no SMTP server is configured, as JSON or a page.
import { Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import { isLoopbackHost } from '../exposure.ts';

interface MailRow {
  id: string;
  from_address: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The host part of a Host header or URL authority (`[::1]:54321` → `[::1]`), lower case. */
const hostnameOf = (authority: string) => authority.trim().toLowerCase().replace(/:\d*$/, '');

/**
 * The names this machine's own pages reach the mailbox by: loopback, and the server's own configured
 * addresses. Any other Host is a page that got here by DNS rebinding (its name now resolving to us).
 */
function devMailboxHosts(config: AppDeps['config']): (authority: string) => boolean {
  const own = new Set([config.publicUrl, config.siteUrl].map((url) => hostnameOf(new URL(url).host)));
  return (authority) => {
    const host = hostnameOf(authority);
    return host !== '' && (isLoopbackHost(host) || own.has(host));
  };
}

export function devMailRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const ownHost = devMailboxHosts(deps.config);

  // No CORS here (app.ts leaves /_dev out): another site's page may send a request but never read the answer.
  app.use('*', async (c, next) => {
    if (!ownHost(new URL(c.req.url).host)) {
      return c.json({ code: 'FORBIDDEN', message: 'The dev mailbox answers only pages of this machine (a loopback Host).' }, 403);
    }
    return next();
  });

  const list = async (to: string | undefined, limit: number) =>
    (
      await deps.db.query<MailRow>(
        `select id::text, from_address, to_address, subject, text_body, html_body,
                to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
           from _dev.mail where ($1::text is null or lower(to_address) = lower($1)) order by id desc limit $2`,
        [to ?? null, limit],
      )
    ).rows;

  const limitOf = (raw: string | undefined) => {
    const n = Number(raw ?? 100);
    return Number.isInteger(n) && n > 0 ? Math.min(n, 500) : 100;
  };

  app.get('/', async (c) => {
    const to = c.req.query('to');
    // Postgres text cannot hold NUL, so no stored address has one.
    const mails = to?.includes('\0') ? [] : await list(to, limitOf(c.req.query('limit')));
    const wantsJson = c.req.query('format') === 'json' || !(c.req.header('accept') ?? '').includes('text/html');
    if (wantsJson) return c.json(mails);
    const items = mails
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p><strong>To:</strong> ${escapeHtml(m.to_address)} · <time>${escapeHtml(m.created_at)}</time></p>
${m.html_body ? `<iframe title="${escapeHtml(m.subject)}" sandbox srcdoc="${escapeHtml(m.html_body)}"></iframe>` : `<pre>${escapeHtml(m.text_body)}</pre>`}</article>`,
      )
      .join('\n');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox · PurrFect Show</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:1rem 0}iframe{width:100%;height:22rem;border:1px solid #ccc}</style>
</head><body><h1>Dev mailbox</h1><p>Mail the venue server would have sent (no SMTP_HOST configured). JSON: <a href="?format=json">?format=json</a>.</p>
${items || '<p>No mail yet.</p>'}</body></html>`);
  });

  app.get('/:id', async (c) => {
    const { rows } = await deps.db.query<MailRow>(
      `select id::text, from_address, to_address, subject, text_body, html_body, created_at::text from _dev.mail where id = $1`,
      [/^\d{1,18}$/.test(c.req.param('id')) ? c.req.param('id') : '0'],
    );
    return rows[0] ? c.json(rows[0]) : c.json({ message: 'Mail not found' }, 404);
  });

  app.delete('/', async (c) => {
    await deps.db.query('delete from _dev.mail');
    return c.body(null, 204);
  });

  return app;
}
