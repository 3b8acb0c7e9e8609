// Reading the outbox, apart from outbox.ts (and its zod schemas) so the shell's panel stays light.
import type { ShowDb } from '../db.ts';
import type { OutboxItem } from './types.ts';

/** Every outbox item, newest first. */
export function listOutbox(db: ShowDb): Promise<OutboxItem[]> {
  return db.outbox.orderBy('createdAt').reverse().toArray();
}
