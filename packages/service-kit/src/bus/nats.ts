import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import type { EventEnvelope } from '@erp/contracts';
import type { Logger } from 'pino';
import type { Bus, SubscribeOptions, Subscription } from './types.js';

export interface NatsBusOptions {
  url: string;
  /** Prefix of stream and subjects, so test runs do not see each other (empty in production). */
  namespace?: string;
  logger?: Logger;
  name?: string;
  /** Redelivery of an event not acknowledged within this time (a consumer that crashed); default 30. */
  ackWaitSeconds?: number;
}

/**
 * NATS JetStream bus. One stream holds every erp.> subject; the event id is the Nats-Msg-Id, so a
 * republished event inside the duplicate window is dropped by the server. Consumers are durable and
 * acknowledge explicitly after their handler (and its inbox row) committed.
 */
export async function createNatsBus(opts: NatsBusOptions): Promise<Bus> {
  const ns = opts.namespace ? `${opts.namespace}.` : '';
  const stream = opts.namespace ? `ERP_${opts.namespace.replace(/[^A-Za-z0-9_]/g, '_')}` : 'ERP';
  // Reconnects forever: while the server is away, publishing fails and the outbox keeps the events;
  // the consumers' pull loops resume by themselves once it is back.
  const nc: NatsConnection = await connect({
    servers: opts.url,
    name: opts.name ?? 'erp',
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
  });
  const subjects = [`${ns}erp.>`];
  let jsm: Awaited<ReturnType<typeof jetstreamManager>>;
  try {
    // A server that has just started may accept connections a moment before JetStream answers.
    jsm = await jetstreamManager(nc);
    try {
      await jsm.streams.info(stream);
    } catch {
      await jsm.streams.add({
        name: stream,
        subjects,
        duplicate_window: 2 * 60 * 1_000_000_000,
        max_age: 30 * 24 * 3600 * 1_000_000_000,
      });
    }
  } catch (err) {
    // Nothing to run on: the connection is not left open behind the error (the caller may try again).
    await nc.close().catch(() => undefined);
    throw err;
  }
  const js = jetstream(nc);
  const [major = 0, minor = 0] = (nc.info?.version ?? '0.0').split('.').map(Number);
  const multiFilter = major > 2 || (major === 2 && minor >= 10);
  const running = new Set<ConsumerMessages>();
  const active = new Set<string>();
  const plain: Array<{ unsubscribe(): void }> = [];
  const reconnectListeners = new Set<() => void>();
  /** Durable name as subscribed -> the JetStream consumers it runs on (one per subject before 2.10). */
  const groupsOf = new Map<string, string[]>();

  // Tell the listeners (the outbox relays) once JetStream answers again after a reconnect: a server
  // that has just started accepts connections a moment before its streams are back.
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect')
        opts.logger?.warn({ server: opts.url }, 'lost the connection to NATS; reconnecting');
      if (s.type !== 'reconnect') continue;
      for (let i = 0; i < 50 && !nc.isClosed(); i++) {
        if (
          await jsm.streams.info(stream).then(
            () => true,
            () => false,
          )
        )
          break;
        await new Promise((r) => setTimeout(r, 200));
      }
      opts.logger?.info({ server: opts.url }, 'reconnected to NATS');
      for (const l of reconnectListeners) l();
    }
  })().catch(() => undefined);

  /** One event: handled, then acknowledged; a handler that throws gets it again after a pause. */
  async function handleOne(
    m: JsMsg,
    envelope: EventEnvelope,
    handler: SubscribeOptions['handler'],
  ): Promise<void> {
    try {
      await handler(envelope);
      m.ack();
    } catch (err) {
      // The service runtime's handler records a failed event in the database and returns (it is
      // retried from there, then dead-lettered); it only throws when it could not record it.
      const delay = Math.min(30_000, 500 * 2 ** Math.min(m.info.deliveryCount, 6));
      opts.logger?.warn(
        { err, subject: envelope.subject, eventId: envelope.id, requestId: envelope.requestId, delay },
        'event handler failed, will be redelivered',
      );
      m.nak(delay);
    }
  }

  /** The event's order key; null (no order to keep) when there is none or it cannot be read. */
  function keyOf(o: SubscribeOptions, envelope: EventEnvelope): string | null {
    try {
      return o.orderKey?.(envelope) ?? null;
    } catch {
      return null;
    }
  }

  /**
   * The pull loop of one consumer: up to `concurrency` events in hand at once, those with the same
   * order key one after the other (a chain per key). It ends when the messages are closed, once
   * every event in hand is handled (its transaction committed) and acknowledged.
   */
  async function run(messages: ConsumerMessages, o: SubscribeOptions) {
    const limit = Math.max(1, o.concurrency ?? 1);
    const inHand = new Set<Promise<void>>();
    const chains = new Map<string, Promise<void>>();
    for await (const m of messages) {
      let envelope: EventEnvelope;
      try {
        envelope = m.json<EventEnvelope>();
      } catch (err) {
        opts.logger?.error({ err, subject: m.subject }, 'dropping an event that is not JSON');
        m.term();
        continue;
      }
      const key = keyOf(o, envelope);
      const before = key === null ? undefined : chains.get(key);
      const done: Promise<void> = (before ?? Promise.resolve())
        .then(() => handleOne(m, envelope, o.handler))
        .catch((err: unknown) =>
          opts.logger?.error(
            { err, subject: envelope.subject, eventId: envelope.id },
            'could not settle an event; the bus delivers it again',
          ),
        );
      inHand.add(done);
      if (key !== null) chains.set(key, done);
      void done.finally(() => {
        inHand.delete(done);
        if (key !== null && chains.get(key) === done) chains.delete(key);
      });
      while (inHand.size >= limit) await Promise.race(inHand);
    }
    await Promise.all(inHand);
  }

  return {
    kind: 'nats',
    async publish(envelope) {
      const h = headers();
      if (envelope.requestId) h.set('x-request-id', envelope.requestId);
      await js.publish(`${ns}${envelope.subject}`, JSON.stringify(envelope), {
        msgID: envelope.id,
        headers: h,
      });
    },
    async subscribe(o: SubscribeOptions): Promise<Subscription> {
      const base = o.durable.replace(/[^A-Za-z0-9_-]/g, '_');
      const filters = o.subjects.map((s) => `${ns}${s}`);
      // Servers before 2.10 take one filter per consumer: then each subject gets its own durable.
      const groups = multiFilter
        ? [{ durable: base, filters }]
        : filters.map((f, i) => ({ durable: i === 0 ? base : `${base}__${i}`, filters: [f] }));
      groupsOf.set(
        o.durable,
        groups.map((g) => g.durable),
      );
      const started: Array<{ messages: ConsumerMessages; loop: Promise<void> }> = [];
      for (const g of groups) {
        const filter =
          g.filters.length === 1 ? { filter_subject: g.filters[0]! } : { filter_subjects: g.filters };
        try {
          await jsm.consumers.info(stream, g.durable);
          await jsm.consumers.update(stream, g.durable, {
            ...filter,
            ack_wait: (opts.ackWaitSeconds ?? 30) * 1_000_000_000,
          });
        } catch {
          await jsm.consumers.add(stream, {
            durable_name: g.durable,
            ack_policy: AckPolicy.Explicit,
            deliver_policy: DeliverPolicy.All,
            ack_wait: (opts.ackWaitSeconds ?? 30) * 1_000_000_000,
            max_deliver: -1,
            ...filter,
          });
        }
        const consumer = await js.consumers.get(stream, g.durable);
        active.add(g.durable);
        const messages = await consumer.consume({ max_messages: 64 });
        running.add(messages);
        const loop = run(messages, o).catch((err) => opts.logger?.error({ err }, 'consumer loop stopped'));
        started.push({ messages, loop });
      }
      return {
        async stop() {
          for (const g of groups) active.delete(g.durable);
          for (const { messages, loop } of started) {
            running.delete(messages);
            await messages.close();
            await loop; // let the event in hand finish (and its transaction commit) before returning
          }
        },
      };
    },
    async listen(subjects, handler) {
      const subs = subjects.map((s) =>
        nc.subscribe(`${ns}${s}`, {
          callback: (err, msg) => {
            if (err) return;
            try {
              void handler(msg.json<EventEnvelope>()).catch(() => undefined);
            } catch {
              /* not an event */
            }
          },
        }),
      );
      plain.push(...subs);
      return {
        async stop() {
          for (const s of subs) s.unsubscribe();
        },
      };
    },
    async pending() {
      // Only the consumers this process runs: a stopped one would never drain.
      let n = 0;
      for (const durable of active) {
        const ci = await jsm.consumers.info(stream, durable).catch(() => null);
        if (ci) n += ci.num_pending + ci.num_ack_pending;
      }
      return n;
    },
    async consumerPending(durable) {
      const names = groupsOf.get(durable) ?? [durable.replace(/[^A-Za-z0-9_-]/g, '_')];
      let n = 0;
      for (const name of names) {
        const ci = await jsm.consumers.info(stream, name).catch(() => null);
        if (!ci) return null;
        n += ci.num_pending + ci.num_ack_pending;
      }
      return n;
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    async close() {
      reconnectListeners.clear();
      for (const m of running) await m.close().catch(() => undefined);
      running.clear();
      for (const s of plain) s.unsubscribe();
      await nc.drain().catch(() => undefined);
    },
  };
}
