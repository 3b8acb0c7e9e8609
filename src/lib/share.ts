// Sharing a page's link: the system share sheet (Web Share API) where the browser has
// one, else the clipboard, else the visitor copies the shown link by hand. The browser is passed in, so
// the choice is tested without one.

export interface ShareData {
  title: string;
  url: string;
}

/** The parts of `navigator` that sharing uses. */
export interface ShareNavigator {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  clipboard?: { writeText(text: string): Promise<void> };
}

/** shared: the share sheet took it; copied: on the clipboard; cancelled: the visitor closed the sheet; unavailable: copy by hand. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'unavailable';

/** Whether the browser has a share sheet for this link (else the button says "Copy link"). */
export function canWebShare(nav: ShareNavigator, data: ShareData): boolean {
  if (typeof nav.share !== 'function') return false;
  try {
    return typeof nav.canShare !== 'function' || nav.canShare(data);
  } catch {
    return false;
  }
}

const isAbort = (e: unknown) => e instanceof Error && e.name === 'AbortError';

/** Shares the link with the share sheet when there is one, falling back to the clipboard. */
export async function shareOrCopy(data: ShareData, nav: ShareNavigator): Promise<ShareOutcome> {
  if (canWebShare(nav, data)) {
    try {
      await nav.share!({ title: data.title, url: data.url });
      return 'shared';
    } catch (e) {
      // Closing the sheet is the visitor's choice; any other failure (not allowed here) tries the clipboard.
      if (isAbort(e)) return 'cancelled';
    }
  }
  if (nav.clipboard && typeof nav.clipboard.writeText === 'function') {
    try {
      await nav.clipboard.writeText(data.url);
      return 'copied';
    } catch {
      return 'unavailable';
    }
  }
  return 'unavailable';
}

/** A same-app path as the absolute link another phone opens: origin, the app's base path, the path. */
export function appLink(origin: string, basePath: string, path: string): string {
  const base = basePath.replace(/\/+$/, '');
  return `${origin}${base}${path.startsWith('/') ? path : `/${path}`}`;
}
