/** The /catteries/{catteryName} slug (SPEC §2): lowercase, non-alphanumerics removed, spaces to hyphens. */
export function catterySlug(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, '')
    .replace(/ +/g, '-');
}
