import { useState } from 'react';
import { imageUrl } from '../../ui/image-url.ts';

/** The company logo; the first letter of the company name when there is no logo or it fails to load (SPEC §2). */
export function AdvertiserLogo({ name, path, size }: { name: string; path: string | null; size: 'card' | 'detail' }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = imageUrl(path);
  const className = `advertiser-logo advertiser-logo-${size}`;
  if (!src || failed === src) {
    return (
      <span className={`${className} advertiser-logo-letter`} role="img" aria-label={`${name} logo`}>
        {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
      </span>
    );
  }
  const px = size === 'card' ? 64 : 112;
  return <img className={className} src={src} alt={`${name} logo`} width={px} height={px} loading="lazy" decoding="async" onError={() => setFailed(src)} />;
}

/** A website as people read it: no scheme, no trailing slash. */
export function websiteLabel(website: string): string {
  return website.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/** A link target for a website stored with or without its scheme; null when it is no http(s) URL (show it as text). */
export function websiteHref(website: string): string | null {
  const href = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  try {
    return /^https?:$/.test(new URL(href).protocol) ? href : null;
  } catch {
    return null;
  }
}
