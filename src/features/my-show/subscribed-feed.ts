// The calendar address the visitor last subscribed to (or copied) on this phone (localStorage), so My show
// can say when the starred sessions no longer match it: the address names them, so it changes with them.
const SUBSCRIBED_FEED_KEY = 'my-show-calendar-feed';

export function subscribedFeed(): string | null {
  try {
    return localStorage.getItem(SUBSCRIBED_FEED_KEY);
  } catch {
    return null;
  }
}

export function rememberSubscribedFeed(url: string): void {
  try {
    localStorage.setItem(SUBSCRIBED_FEED_KEY, url);
  } catch {
    // Storage full or refused: the words still say that the address changes with the starred sessions.
  }
}
