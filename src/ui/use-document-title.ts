// The tab's title per screen, so tabs, history entries and shared links name what they show.
import { useEffect } from 'react';

/** The app's name as the header, the manifest and index.html spell it. */
export const APP_NAME = 'PurrFect Show';

/** "Abyssinian · PurrFect Show"; the app's name alone for no title (home). */
export function documentTitle(title: string | null): string {
  return title ? `${title} · ${APP_NAME}` : APP_NAME;
}

/** Sets document.title while the screen shows; a name still loading can pass a generic word ("Breed"). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
