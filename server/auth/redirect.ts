// Where e-mail links may send the browser, and the URL fragments GoTrue's /verify redirects carry.

/**
 * `redirect_to` when it is inside the site or the API (same origin, under the configured path), a
 * relative path resolved against the site; anything else falls back to the site, so a mailed link
 * can never hand tokens to a foreign origin.
 */
export function safeRedirect(raw: string | undefined, siteUrl: string, allowed: string[]): string {
  if (!raw) return siteUrl;
  if (/^\/(?![/\\])/.test(raw)) return new URL(raw, siteUrl).href;
  let target: URL;
  try {
    target = new URL(raw);
  } catch {
    return siteUrl;
  }
  for (const base of allowed) {
    const b = new URL(base);
    const basePath = b.pathname.replace(/\/$/, '');
    const under = target.pathname === basePath || target.pathname.startsWith(`${basePath}/`);
    if (target.origin === b.origin && under) return raw;
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
