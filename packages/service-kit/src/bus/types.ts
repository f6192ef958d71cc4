import type { EventEnvelope } from '@erp/contracts';

export type EventHandler = (envelope: EventEnvelope) => Promise<void>;

export interface SubscribeOptions {
  /** Durable consumer name: one delivery per durable, shared by every instance of a service. */
  durable: string;
  subjects: string[];
  handler: EventHandler;
  /**
   * Events this instance may handle at once (default 1: one after the other). Events with the same
   * `orderKey` are still handled one after the other, in the order the bus delivers them; events
   * without one (null) in any order. The in-process bus hands each event over as it is published.
   */
  concurrency?: number;
  orderKey?: (envelope: EventEnvelope) => string | null;
}

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * At-least-once delivery. publish() resolves once the event is accepted (JetStream ack; for the
 * in-process bus, once every consumer's handler returned). JetStream drops an id it accepted within
 * its duplicate window; past it, and on the in-process bus always, a republished event is delivered
 * again and the consumers' inboxes make it a no-op. A consumer whose handler throws gets the event
 * again later (the service runtime's handlers only throw when they could not record a failure).
 */
export interface Bus {
  readonly kind: 'in-process' | 'nats';
  publish(envelope: EventEnvelope): Promise<void>;
  subscribe(opts: SubscribeOptions): Promise<Subscription>;
  /** Listen to events as they happen, without a durable position (caches, gateway session list). */
  listen(subjects: string[], handler: EventHandler): Promise<Subscription>;
  /** Events accepted but not yet acknowledged by every durable consumer (0 in-process: publish waits). */
  pending(): Promise<number>;
  /**
   * Events of one durable consumer not yet acknowledged: delivered and in hand plus waiting (its
   * lag, for metrics). 0 in-process (publish waits for the handlers); null when the bus cannot tell.
   */
  consumerPending(durable: string): Promise<number | null>;
  /** Call `listener` each time the connection is back after an outage; returns the unsubscribe. */
  onReconnect?(listener: () => void): () => void;
  close(): Promise<void>;
}

export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length) return false;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
