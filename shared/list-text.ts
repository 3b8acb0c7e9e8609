/**
 * A list that may arrive as an array or as text: "{a,b}", '{"a","b"}', '"a","b"', '["a","b"]' or "a, b"
 * (SPEC §3 breeds.detail_images, §2 advertiser products). Quoted items may hold commas.
 */
export function parseListText(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  if (typeof value !== 'string') return [];
  let text = value.trim();
  if (text.startsWith('[')) {
    try {
      return parseListText(JSON.parse(text));
    } catch {
      // Not JSON after all: read it as a plain list.
    }
  }
  if ((text.startsWith('{') && text.endsWith('}')) || (text.startsWith('[') && text.endsWith(']'))) text = text.slice(1, -1);

  const items: string[] = [];
  let i = 0;
  while (i < text.length) {
    while (text[i] === ' ' || text[i] === ',') i++;
    if (i >= text.length) break;
    let item = '';
    if (text[i] === '"') {
      i++;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\' && i + 1 < text.length) i++;
        item += text[i++];
      }
      i++; // closing quote
      while (i < text.length && text[i] !== ',') i++;
    } else {
      while (i < text.length && text[i] !== ',') item += text[i++];
    }
    if (item.trim() !== '') items.push(item.trim());
  }
  return items;
}

/** The same list written as quoted comma-separated text, the form parseListText reads back. */
export function toListText(items: readonly string[]): string {
  return items.map((s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',');
}
