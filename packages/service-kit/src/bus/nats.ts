import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { EventEnvelope } from '@erp/contracts';
import type { Logger } from 'pino';
import type { Bus, EventHandler, SubscribeOptions, Subscription } from './types.js';

export interface NatsBusOptions {
  url: string;
  /** Prefix of stream and subjects, so test runs do not see each other (empty in production). */
  namespace?: string;
  logger?: Logger;
  name?: string;
  /** Redelivery of an event not acknowledged within this time (a consumer that crashed); default 30. */
  ackWaitSeconds?: number;
}

/** What the parts of one NATS bus share: its connection, its stream, and what it runs. */
interface NatsState {
  opts: NatsBusOptions;
  nc: NatsConnection;
  jsm: JetStreamManager;
  js: JetStreamClient;
  /** Subject prefix (`<namespace>.`, or empty). */
  ns: string;
  stream: string;
  /** The server takes several filter subjects per consumer (2.10 and later). */
  multiFilter: boolean;
  running: Set<ConsumerMessages>;
  /** Durable names of the JetStream consumers this process runs. */
  active: Set<string>;
  plain: Array<{ unsubscribe(): void }>;
  reconnectListeners: Set<() => void>;
  /** Durable name as subscribed -> the JetStream consumers it runs on (one per subject before 2.10). */
  groupsOf: Map<string, string[]>;
}

/** The stream holding every erp.> subject, created when it is not there yet. */
async function openStream(nc: NatsConnection, stream: string, subjects: string[]): Promise<JetStreamManager> {
  try {
    // A server that has just started may accept connections a moment before JetStream answers.
    const jsm = await jetstreamManager(nc);
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
    return jsm;
  } catch (err) {
    // Nothing to run on: the connection is not left open behind the error (the caller may try again).
    await nc.close().catch(() => undefined);
    throw err;
  }
}

/** Connect, open the stream, and gather what the bus's parts share. */
async function openNats(opts: NatsBusOptions): Promise<NatsState> {
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
  const jsm = await openStream(nc, stream, [`${ns}erp.>`]);
  const [major = 0, minor = 0] = (nc.info?.version ?? '0.0').split('.').map(Number);
  return {
    opts,
    nc,
    jsm,
    js: jetstream(nc),
    ns,
    stream,
    multiFilter: major > 2 || (major === 2 && minor >= 10),
    running: new Set(),
    active: new Set(),
    plain: [],
    reconnectListeners: new Set(),
    groupsOf: new Map(),
  };
}

/**
 * Tell the listeners (the outbox relays) once JetStream answers again after a reconnect: a server
 * that has just started accepts connections a moment before its streams are back.
 */
async function announceReconnects(st: NatsState): Promise<void> {
  const { nc, jsm, stream, opts } = st;
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
    for (const l of st.reconnectListeners) l();
  }
}

/** One event: handled, then acknowledged; a handler that throws gets it again after a pause. */
async function handleOne(
  m: JsMsg,
  envelope: EventEnvelope,
  handler: SubscribeOptions['handler'],
  logger: Logger | undefined,
): Promise<void> {
  try {
    await handler(envelope);
    m.ack();
  } catch (err) {
    // The service runtime's handler records a failed event in the database and returns (it is
    // retried from there, then dead-lettered); it only throws when it could not record it.
    const delay = Math.min(30_000, 500 * 2 ** Math.min(m.info.deliveryCount, 6));
    logger?.warn(
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

/** The message's event; a message that is not JSON is dropped for good (undefined). */
function envelopeOf(m: JsMsg, logger: Logger | undefined): EventEnvelope | undefined {
  try {
    return m.json<EventEnvelope>();
  } catch (err) {
    logger?.error({ err, subject: m.subject }, 'dropping an event that is not JSON');
    m.term();
    return undefined;
  }
}

/**
 * The pull loop of one consumer: up to `concurrency` events in hand at once, those with the same
 * order key one after the other (a chain per key). It ends when the messages are closed, once
 * every event in hand is handled (its transaction committed) and acknowledged.
 */
async function run(messages: ConsumerMessages, o: SubscribeOptions, logger: Logger | undefined) {
  const limit = Math.max(1, o.concurrency ?? 1);
  const inHand = new Set<Promise<void>>();
  const chains = new Map<string, Promise<void>>();
  for await (const m of messages) {
    const envelope = envelopeOf(m, logger);
    if (!envelope) continue;
    const key = keyOf(o, envelope);
    const before = key === null ? undefined : chains.get(key);
    const done: Promise<void> = (before ?? Promise.resolve())
      .then(() => handleOne(m, envelope, o.handler, logger))
      .catch((err: unknown) =>
        logger?.error(
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

interface ConsumerGroup {
  durable: string;
  filters: string[];
}

/** The JetStream consumers a subscription runs on: one, or one per subject before 2.10. */
function consumerGroups(st: NatsState, o: SubscribeOptions): ConsumerGroup[] {
  const base = o.durable.replace(/[^A-Za-z0-9_-]/g, '_');
  const filters = o.subjects.map((s) => `${st.ns}${s}`);
  // Servers before 2.10 take one filter per consumer: then each subject gets its own durable.
  return st.multiFilter
    ? [{ durable: base, filters }]
    : filters.map((f, i) => ({ durable: i === 0 ? base : `${base}__${i}`, filters: [f] }));
}

/** The durable consumer with these filters: updated when it exists, else created. */
async function ensureConsumer(st: NatsState, g: ConsumerGroup): Promise<void> {
  const filter = g.filters.length === 1 ? { filter_subject: g.filters[0]! } : { filter_subjects: g.filters };
  const ackWait = (st.opts.ackWaitSeconds ?? 30) * 1_000_000_000;
  try {
    await st.jsm.consumers.info(st.stream, g.durable);
    await st.jsm.consumers.update(st.stream, g.durable, { ...filter, ack_wait: ackWait });
  } catch {
    await st.jsm.consumers.add(st.stream, {
      durable_name: g.durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: ackWait,
      max_deliver: -1,
      ...filter,
    });
  }
}

/** Durable consumers for the subscription, each with its pull loop running; stop() ends them. */
async function subscribe(st: NatsState, o: SubscribeOptions): Promise<Subscription> {
  const groups = consumerGroups(st, o);
  st.groupsOf.set(
    o.durable,
    groups.map((g) => g.durable),
  );
  const started: Array<{ messages: ConsumerMessages; loop: Promise<void> }> = [];
  for (const g of groups) {
    await ensureConsumer(st, g);
    const consumer = await st.js.consumers.get(st.stream, g.durable);
    st.active.add(g.durable);
    const messages = await consumer.consume({ max_messages: 64 });
    st.running.add(messages);
    const loop = run(messages, o, st.opts.logger).catch((err) =>
      st.opts.logger?.error({ err }, 'consumer loop stopped'),
    );
    started.push({ messages, loop });
  }
  return {
    async stop() {
      for (const g of groups) st.active.delete(g.durable);
      for (const { messages, loop } of started) {
        st.running.delete(messages);
        await messages.close();
        await loop; // let the event in hand finish (and its transaction commit) before returning
      }
    },
  };
}

/** Plain subscriptions (no durable position): each event handed over as it comes, failures ignored. */
async function listen(st: NatsState, subjects: string[], handler: EventHandler): Promise<Subscription> {
  const subs = subjects.map((s) =>
    st.nc.subscribe(`${st.ns}${s}`, {
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
  st.plain.push(...subs);
  return {
    async stop() {
      for (const s of subs) s.unsubscribe();
    },
  };
}

/** Events of the consumers this process runs not yet acknowledged. */
async function pending(st: NatsState): Promise<number> {
  // Only the consumers this process runs: a stopped one would never drain.
  let n = 0;
  for (const durable of st.active) {
    const ci = await st.jsm.consumers.info(st.stream, durable).catch(() => null);
    if (ci) n += ci.num_pending + ci.num_ack_pending;
  }
  return n;
}

/** One durable's lag over the JetStream consumers it runs on; null when one of them is not there. */
async function consumerPending(st: NatsState, durable: string): Promise<number | null> {
  const names = st.groupsOf.get(durable) ?? [durable.replace(/[^A-Za-z0-9_-]/g, '_')];
  let n = 0;
  for (const name of names) {
    const ci = await st.jsm.consumers.info(st.stream, name).catch(() => null);
    if (!ci) return null;
    n += ci.num_pending + ci.num_ack_pending;
  }
  return n;
}

/**
 * NATS JetStream bus. One stream holds every erp.> subject; the event id is the Nats-Msg-Id, so a
 * republished event inside the duplicate window is dropped by the server. Consumers are durable and
 * acknowledge explicitly after their handler (and its inbox row) committed.
 */
export async function createNatsBus(opts: NatsBusOptions): Promise<Bus> {
  const st = await openNats(opts);
  void announceReconnects(st).catch(() => undefined);
  return {
    kind: 'nats',
    async publish(envelope) {
      const h = headers();
      if (envelope.requestId) h.set('x-request-id', envelope.requestId);
      await st.js.publish(`${st.ns}${envelope.subject}`, JSON.stringify(envelope), {
        msgID: envelope.id,
        headers: h,
      });
    },
    subscribe: (o) => subscribe(st, o),
    listen: (subjects, handler) => listen(st, subjects, handler),
    pending: () => pending(st),
    consumerPending: (durable) => consumerPending(st, durable),
    onReconnect(listener) {
      st.reconnectListeners.add(listener);
      return () => st.reconnectListeners.delete(listener);
    },
    async close() {
      st.reconnectListeners.clear();
      for (const m of st.running) await m.close().catch(() => undefined);
      st.running.clear();
      for (const s of st.plain) s.unsubscribe();
      await st.nc.drain().catch(() => undefined);
    },
  };
}
