import type { EventEnvelope } from '@erp/contracts';
import { subjectMatches, type Bus, type EventHandler, type SubscribeOptions, type Subscription } from './types.js';

interface Durable {
  subjects: string[];
  handler: EventHandler;
  /** Ids this consumer has handled, like a JetStream consumer's acks (bounded; the inbox covers the rest). */
  handled: Set<string>;
}

const MAX_REMEMBERED = 10_000;

/**
 * The embedded bus: same interface and delivery guarantees as the JetStream one, in one process.
 * publish() delivers to every durable consumer and only resolves when all of them handled the
 * event, so the outbox marks an event published only once nothing can lose it; a consumer that
 * failed makes publish() throw, the relay retries, and consumers that already handled it are skipped.
 */
export function createInProcessBus(): Bus {
  const durables = new Map<string, Durable>();
  const listeners = new Set<{ subjects: string[]; handler: EventHandler }>();

  return {
    kind: 'in-process',
    async publish(envelope: EventEnvelope) {
      const errors: unknown[] = [];
      for (const d of durables.values()) {
        if (!d.subjects.some((s) => subjectMatches(s, envelope.subject))) continue;
        if (d.handled.has(envelope.id)) continue;
        try {
          await d.handler(structuredClone(envelope));
          d.handled.add(envelope.id);
          if (d.handled.size > MAX_REMEMBERED) d.handled.delete(d.handled.values().next().value!);
        } catch (err) {
          errors.push(err);
        }
      }
      for (const l of listeners) {
        if (l.subjects.some((s) => subjectMatches(s, envelope.subject))) {
          await l.handler(structuredClone(envelope)).catch(() => undefined);
        }
      }
      if (errors.length > 0) throw new AggregateError(errors, `${errors.length} consumer(s) failed on ${envelope.subject}`);
    },
    async subscribe(opts: SubscribeOptions): Promise<Subscription> {
      const existing = durables.get(opts.durable);
      const d: Durable = { subjects: opts.subjects, handler: opts.handler, handled: existing?.handled ?? new Set() };
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
    async close() {
      durables.clear();
      listeners.clear();
    },
  };
}
