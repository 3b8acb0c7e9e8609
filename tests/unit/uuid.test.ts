import { describe, expect, it } from 'vitest';
import { randomUuid } from '../../shared/uuid.ts';

describe('randomUuid', () => {
  it('makes distinct RFC 4122 version 4 UUIDs without crypto.randomUUID', () => {
    const ids = Array.from({ length: 200 }, randomUuid);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
