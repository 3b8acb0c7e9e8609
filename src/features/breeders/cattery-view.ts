// Pure rules of the breeder screens: certification year, return URL, link targets, label expiry.

const DEFAULT_RETURN_URL = '/breeds';

/** The earliest certification year among a cattery's breed links, or null when none has a date. */
export function certifiedSinceYear(links: { certification_date: string | null }[]): number | null {
  let earliest: number | null = null;
  for (const link of links) {
    const year = Number(/^(\d{4})-/.exec(link.certification_date ?? '')?.[1]);
    if (Number.isInteger(year) && year > 0 && (earliest === null || year < earliest)) earliest = year;
  }
  return earliest;
}

/** Back target from ?returnUrl: only same-app paths ("/x", not "//host" or "/\host"); else /breeds. */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return DEFAULT_RETURN_URL;
  if ([...value].some((c) => c.charCodeAt(0) < 0x20)) return DEFAULT_RETURN_URL;
  return value;
}

/** An http(s) URL for a cattery's website (website_url, else the bare website text), or null. */
export function websiteHref(websiteUrl: string | null | undefined, website: string | null | undefined): string | null {
  for (const candidate of [websiteUrl, website]) {
    const text = candidate?.trim();
    if (!text) continue;
    const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`;
    try {
      const url = new URL(withScheme);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // not a URL; try the next candidate
    }
  }
  return null;
}

/** The visible website text: the website field, else the URL without its scheme. */
export function websiteText(websiteUrl: string | null | undefined, website: string | null | undefined): string | null {
  return (
    website?.trim() ||
    websiteUrl
      ?.trim()
      .replace(/^https?:\/\//i, '')
      .replace(/\/$/, '') ||
    null
  );
}

/** A tel: link target: digits and a leading plus only. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.charAt(0) + digits.slice(1).replace(/\+/g, '')}`;
}

/** A label has expired once its expiration date is before today (it is valid through that day). */
export function isLabelExpired(expirationDate: string | null | undefined, today: string): boolean {
  return !!expirationDate && expirationDate.slice(0, 10) < today;
}

/** "2 (1 available)" for a litter's males or females. */
export function kittenCount(total: number, available: number): string {
  return `${total} (${available} available)`;
}

/** A cattery's breed names for its card: the primary breed first, then by name. */
export function catteryBreedNames(links: { breed_id: number; is_primary_breed: boolean }[], breedNames: Map<number, string>): string[] {
  const named = links.flatMap((link) => {
    const name = breedNames.get(link.breed_id);
    return name === undefined ? [] : [{ name, primary: link.is_primary_breed }];
  });
  named.sort((a, b) => Number(b.primary) - Number(a.primary) || a.name.localeCompare(b.name, 'en'));
  return [...new Set(named.map((n) => n.name))];
}

/** Whether a cattery is listed under the breeders' filters (null: any breed or country). */
export function catteryMatches(item: { breedIds: number[]; country: string | null }, filter: { breedId: number | null; country: string | null }): boolean {
  if (filter.breedId !== null && !item.breedIds.includes(filter.breedId)) return false;
  return filter.country === null || (item.country ?? '').trim() === filter.country;
}
