// What the ring-side screen remembers on this device (localStorage): the show and ring chosen, and the judge
// last named, so a clerk's phone opens on their ring.
const STORAGE_KEY = 'ring-side';

export interface RingMemory {
  event_id: number | null;
  ring: string | null;
  judge: string;
}

const NOTHING: RingMemory = { event_id: null, ring: null, judge: '' };

export function readRingMemory(): RingMemory {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return NOTHING;
    const { event_id, ring, judge } = value as Record<string, unknown>;
    return {
      event_id: typeof event_id === 'number' ? event_id : null,
      ring: typeof ring === 'string' ? ring : null,
      judge: typeof judge === 'string' ? judge : '',
    };
  } catch {
    return NOTHING;
  }
}

export function writeRingMemory(memory: RingMemory): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(memory));
  } catch {
    // Storage full or blocked: the screen then opens on the first ring, nothing worse.
  }
}
