// Image paths in the mirror are relative to the configured image root (VITE_IMAGE_ROOT_URL).
import { appConfig } from '../config.ts';

/**
 * Absolute URL of a stored image path; absolute http(s), blob: and image data: URLs pass through. Any other
 * data: URL (an HTML page, a script) is no picture: null, so the screen shows its placeholder at once
 * instead of handing it to an img first.
 */
export function imageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^data:/i.test(path)) return /^data:image\//i.test(path) ? path : null;
  if (/^(https?:|blob:)/.test(path)) return path;
  return `${appConfig().imageRootUrl}/${path.replace(/^\//, '')}`;
}
