// React's view of the outbox: a live query over IndexedDB, so every state change shows without polling.
import { useLiveQuery } from 'dexie-react-hooks';
import type { ShowDb } from '../db.ts';
import { listOutbox } from './list.ts';
import type { OutboxItem } from './types.ts';

/** Every outbox item, newest first; undefined while the first read is pending. */
export function useOutbox(db: ShowDb): OutboxItem[] | undefined {
  return useLiveQuery(() => listOutbox(db), [db]);
}
