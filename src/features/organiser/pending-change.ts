// A change the organiser has asked for and not yet confirmed, as the console's forms hand it to the page.
import type { EntryChangeInput, OrganiserInput } from '../../data/backend.ts';
import type { SessionChange } from '../../../shared/live-schedule.ts';
import { formatScheduleDay } from '../../../shared/dates.ts';
import { ERROR_FALLBACK, outboxFailureText, type StoredOutboxFailure } from '../../../shared/messages.ts';
import type { OutboxStatus } from '../../data/mirror.ts';

/** A change waiting for the organiser's yes: what it does, in words, and Confirm / Back. */
export interface PendingChange {
  label: string;
  /** A schedule change or a notice, or a change to a catalogue entry (an outbox kind of its own). */
  input: OrganiserInput['action'] | EntryChangeInput['action'];
  /** Runs once the change is queued (a form clears itself then, not before: Back keeps what was typed). */
  onQueued?: () => void;
}

/** How a control asks for a change: the page shows it for confirmation. */
export type AskChange = (pending: PendingChange) => void;

/** The action that changes these sessions. */
export function sessionChanges(list: SessionChange[]): OrganiserInput['action'] {
  return { type: 'change_sessions', changes: list };
}

/** A schedule day as the console names it. */
export const dayName = (date: string) => formatScheduleDay(date);

/** Where a queued change stands, in words (the outbox panel says the same). */
export function changeStateText(item: StoredOutboxFailure & { status: OutboxStatus }): string {
  switch (item.status) {
    case 'sent':
      return 'Sent';
    case 'failed':
      return `Not sent: ${outboxFailureText(item) ?? ERROR_FALLBACK}`;
    case 'needs_sign_in':
      return `Waiting to send: ${outboxFailureText(item) ?? 'sign in again'}`;
    default:
      return 'Waiting to send';
  }
}
