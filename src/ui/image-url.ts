// Image paths in the mirror are relative to the configured image root (VITE_IMAGE_ROOT_URL).
import { appConfig } from '../config.ts';

/** Absolute URL of a stored image path; absolute URLs pass through. */
export function imageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return `${appConfig().imageRootUrl}/${path.replace(/^\//, '')}`;
}
