import type { EventEnvelope } from '@erp/contracts';
import {
  subjectMatches,
  type Bus,
  type EventHandler,
  type SubscribeOptions,
  type Subscription,
} from './types.js';

interface Durable {
  subjects: string[];
  handler: EventHandler;
}

/**
 * The embedded bus: same interface and delivery guarantees as the JetStream one, in one process.
 * publish() delivers to every durable consumer and only resolves when all of their handlers
 * returned, so the outbox marks an event published only once nothing can lose it. A handler that
 * throws makes publish() throw and the relay publishes the event again later, to every consumer.
 *
 * It remembers nothing about what it delivered: an event published twice (a relay that crashed
 * before marking it published) reaches the consumers twice, and their inboxes make the second
 * delivery change nothing, as they must on NATS past JetStream's duplicate window.
 */
export function createInProcessBus(): Bus {
  const durables = new Map<string, Durable>();
  const listeners = new Set<{ subjects: string[]; handler: EventHandler }>();

  return {
    kind: 'in-process',
    async publish(envelope: EventEnvelope) {
      const errors: unknown[] = [];
      for (const d of [...durables.values()]) {
        if (!d.subjects.some((s) => subjectMatches(s, envelope.subject))) continue;
        try {
          await d.handler(structuredClone(envelope));
        } catch (err) {
          errors.push(err);
        }
      }
      for (const l of [...listeners]) {
        if (l.subjects.some((s) => subjectMatches(s, envelope.subject))) {
          await l.handler(structuredClone(envelope)).catch(() => undefined);
        }
      }
      if (errors.length > 0)
        throw new AggregateError(errors, `${errors.length} consumer(s) failed on ${envelope.subject}`);
    },
    async subscribe(opts: SubscribeOptions): Promise<Subscription> {
      const d: Durable = { subjects: opts.subjects, handler: opts.handler };
      durables.set(opts.durable, d);
      return {
        async stop() {
          if (durables.get(opts.durable) === d) durables.delete(opts.durable);
        },
      };
    },
    async listen(subjects, handler) {
      const l = { subjects, handler };
      listeners.add(l);
      return {
        async stop() {
          listeners.delete(l);
        },
      };
    },
    async pending() {
      return 0;
    },
    async consumerPending() {
      return 0;
    },
    async close() {
      durables.clear();
      listeners.clear();
    },
  };
}
