// Where e-mail links may send the browser, and the URL fragments GoTrue's /verify redirects carry.

/**
 * `redirect_to` when it is inside the site or the API, else the site, so a mailed link can never hand
 * tokens to a foreign origin. The value is parsed, not pattern-matched: it is cleaned the way the
 * WHATWG URL parser (and so the browser) cleans it (tabs and newlines removed, outer spaces and
 * control characters trimmed), resolved, and then the parsed origin, credentials and path are
 * compared. A path reference (`/reset-password`) may go anywhere on the site's origin; an absolute
 * URL must be same-origin and under the path of one of `allowed`. The answer is the parsed URL's
 * canonical `href`, never the raw text, so no later parser can read it differently.
 */
export function safeRedirect(raw: string | undefined, siteUrl: string, allowed: string[]): string {
  if (!raw) return siteUrl;
  // eslint-disable-next-line no-control-regex -- exactly what the URL parser strips
  const cleaned = raw.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(cleaned);
  // Relative references other than a path (`evil`, `\\evil`, `?x`) are not links anyone needs.
  if (!hasScheme && !cleaned.startsWith('/')) return siteUrl;
  let target: URL;
  try {
    target = new URL(cleaned, siteUrl);
  } catch {
    return siteUrl;
  }
  if (target.username || target.password) return siteUrl;
  // `https://site//evil` is on the site, but its path read as a reference elsewhere is another host.
  if (target.pathname.startsWith('//')) return siteUrl;
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return siteUrl;
  const site = new URL(siteUrl);
  // The canonical form, except that a bare origin keeps its spelling (`https://site`, not `https://site/`).
  const canonical = target.href === `${cleaned}/` ? cleaned : target.href;
  if (!hasScheme) return target.origin === site.origin ? canonical : siteUrl;
  for (const base of allowed) {
    const b = new URL(base);
    const basePath = b.pathname.replace(/\/$/, '');
    const under = target.pathname === basePath || target.pathname.startsWith(`${basePath}/`);
    if (target.origin === b.origin && under) return canonical;
  }
  return siteUrl;
}

/** `url` with its fragment replaced by the params, keys sorted as GoTrue sends them. */
export function withFragment(url: string, params: Record<string, string>): string {
  const sorted = Object.keys(params)
    .sort()
    .map((k): [string, string] => [k, params[k] ?? '']);
  return `${url.split('#')[0]}#${new URLSearchParams(sorted).toString()}`;
}

export const LINK_ERROR_FRAGMENT = {
  error: 'access_denied',
  error_code: 'otp_expired',
  error_description: 'Email link is invalid or has expired',
  sb: '',
};
