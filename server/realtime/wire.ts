// Phoenix channel frames as @supabase/realtime-js 2.109 sends and reads them (docs/REALTIME-WIRE.md).

/** The serializer the client asked for (?vsn=): 1.0.0 JSON objects, 2.0.0 JSON arrays. */
export type Vsn = '1.0.0' | '2.0.0';

export interface PhxMessage {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** Phoenix's own rule: no vsn means 1.0.0. Anything else is refused at the upgrade. */
export function readVsn(param: string | null): Vsn | null {
  if (param === null || param === '1.0.0') return '1.0.0';
  return param === '2.0.0' ? '2.0.0' : null;
}

const refOf = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/** A client text frame, or null when it is not a Phoenix message. */
export function decodeFrame(text: string, vsn: Vsn): PhxMessage | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  let join_ref: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown;
  if (vsn === '2.0.0') {
    if (!Array.isArray(data) || data.length !== 5) return null;
    [join_ref, ref, topic, event, payload] = data as unknown[];
  } else {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
    ({ join_ref, ref, topic, event, payload } = data as Record<string, unknown>);
  }
  if (typeof topic !== 'string' || typeof event !== 'string') return null;
  return { join_ref: refOf(join_ref), ref: refOf(ref), topic, event, payload: payload ?? {} };
}

export function encodeFrame(m: PhxMessage, vsn: Vsn): string {
  return vsn === '2.0.0'
    ? JSON.stringify([m.join_ref, m.ref, m.topic, m.event, m.payload])
    : JSON.stringify({ join_ref: m.join_ref, ref: m.ref, topic: m.topic, event: m.event, payload: m.payload });
}

/** The answer to a push: phx_reply with Phoenix's {status, response}. */
export function reply(to: PhxMessage, status: 'ok' | 'error', response: Record<string, unknown>): PhxMessage {
  return { join_ref: to.join_ref, ref: to.ref, topic: to.topic, event: 'phx_reply', payload: { status, response } };
}
