// Which sockets are joined to which topic: the registry the database's broadcasts are fanned out from.
import type { Client, Joined } from './session.ts';

/** Realtime routes only `realtime:*` topics; the rest of the name is the channel. */
export const TOPIC_PREFIX = 'realtime:';

export class Channels {
  private readonly byTopic = new Map<string, Set<Client>>();

  /** Joins (or joins again) a client to a topic. */
  join(client: Client, topic: string, joined: Joined): void {
    client.topics.set(topic, joined);
    let set = this.byTopic.get(topic);
    if (!set) this.byTopic.set(topic, (set = new Set()));
    set.add(client);
  }

  leave(client: Client, topic: string): void {
    client.topics.delete(topic);
    const set = this.byTopic.get(topic);
    set?.delete(client);
    if (set?.size === 0) this.byTopic.delete(topic);
  }

  /** A closed socket leaves every topic it had joined. */
  leaveAll(client: Client): void {
    for (const topic of [...client.topics.keys()]) this.leave(client, topic);
  }

  members(topic: string): ReadonlySet<Client> | undefined {
    return this.byTopic.get(topic);
  }

  count(topic: string): number {
    return this.byTopic.get(topic)?.size ?? 0;
  }
}
