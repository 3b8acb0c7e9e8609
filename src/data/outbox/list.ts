// Reading the outbox, apart from outbox.ts (and its zod schemas) so the shell's panel stays light.
import type { ShowDb } from '../db.ts';
import type { OutboxItem, OutboxStatus } from './types.ts';

/** Every outbox item, newest first. */
export function listOutbox(db: ShowDb): Promise<OutboxItem[]> {
  return db.outbox.orderBy('createdAt').reverse().toArray();
}

/**
 * Where an item stands for the visitor: still on its way ('waiting': queued, sending, or held until they
 * sign in again), refused by the server for good ('not_sent': only Dismiss is left), or delivered.
 */
export type OutboxStanding = 'waiting' | 'not_sent' | 'sent';

export function outboxStanding(status: OutboxStatus): OutboxStanding {
  switch (status) {
    case 'queued':
    case 'sending':
    case 'needs_sign_in':
      return 'waiting';
    case 'failed':
      return 'not_sent';
    case 'sent':
      return 'sent';
  }
}

/** The items still on their way and those refused for good, each newest first as given. */
export function tallyOutbox<T extends { status: OutboxStatus }>(items: readonly T[]): { waiting: T[]; notSent: T[] } {
  return {
    waiting: items.filter((i) => outboxStanding(i.status) === 'waiting'),
    notSent: items.filter((i) => outboxStanding(i.status) === 'not_sent'),
  };
}
