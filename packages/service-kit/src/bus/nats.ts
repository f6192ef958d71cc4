import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages } from '@nats-io/jetstream';
import type { EventEnvelope } from '@erp/contracts';
import type { Logger } from 'pino';
import type { Bus, SubscribeOptions, Subscription } from './types.js';

export interface NatsBusOptions {
  url: string;
  /** Prefix of stream and subjects, so test runs do not see each other (empty in production). */
  namespace?: string;
  logger?: Logger;
  name?: string;
}

/**
 * NATS JetStream bus. One stream holds every erp.> subject; the event id is the Nats-Msg-Id, so a
 * republished event inside the duplicate window is dropped by the server. Consumers are durable and
 * acknowledge explicitly after their handler (and its inbox row) committed.
 */
export async function createNatsBus(opts: NatsBusOptions): Promise<Bus> {
  const ns = opts.namespace ? `${opts.namespace}.` : '';
  const stream = opts.namespace ? `ERP_${opts.namespace.replace(/[^A-Za-z0-9_]/g, '_')}` : 'ERP';
  const nc: NatsConnection = await connect({ servers: opts.url, name: opts.name ?? 'erp', maxReconnectAttempts: -1 });
  const jsm = await jetstreamManager(nc);
  const subjects = [`${ns}erp.>`];
  try {
    await jsm.streams.info(stream);
  } catch {
    await jsm.streams.add({ name: stream, subjects, duplicate_window: 2 * 60 * 1_000_000_000, max_age: 30 * 24 * 3600 * 1_000_000_000 });
  }
  const js = jetstream(nc);
  const running = new Set<ConsumerMessages>();
  const plain: Array<{ unsubscribe(): void }> = [];

  async function run(messages: ConsumerMessages, handler: SubscribeOptions['handler']) {
    for await (const m of messages) {
      let envelope: EventEnvelope;
      try {
        envelope = m.json<EventEnvelope>();
      } catch (err) {
        opts.logger?.error({ err, subject: m.subject }, 'dropping an event that is not JSON');
        m.term();
        continue;
      }
      try {
        await handler(envelope);
        m.ack();
      } catch (err) {
        const delay = Math.min(30_000, 500 * 2 ** Math.min(m.info.deliveryCount, 6));
        opts.logger?.warn({ err, subject: envelope.subject, eventId: envelope.id, delay }, 'event handler failed, will be redelivered');
        m.nak(delay);
      }
    }
  }

  return {
    kind: 'nats',
    async publish(envelope) {
      const h = headers();
      if (envelope.requestId) h.set('x-request-id', envelope.requestId);
      await js.publish(`${ns}${envelope.subject}`, JSON.stringify(envelope), { msgID: envelope.id, headers: h });
    },
    async subscribe(o: SubscribeOptions): Promise<Subscription> {
      const durable = o.durable.replace(/[^A-Za-z0-9_-]/g, '_');
      const filter_subjects = o.subjects.map((s) => `${ns}${s}`);
      try {
        await jsm.consumers.info(stream, durable);
        await jsm.consumers.update(stream, durable, { filter_subjects });
      } catch {
        await jsm.consumers.add(stream, {
          durable_name: durable,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: DeliverPolicy.All,
          filter_subjects,
          ack_wait: 30_000_000_000,
          max_deliver: -1,
        });
      }
      const consumer = await js.consumers.get(stream, durable);
      const messages = await consumer.consume({ max_messages: 64 });
      running.add(messages);
      void run(messages, o.handler).catch((err) => opts.logger?.error({ err }, 'consumer loop stopped'));
      return {
        async stop() {
          running.delete(messages);
          await messages.close();
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
    async close() {
      for (const m of running) await m.close().catch(() => undefined);
      running.clear();
      for (const s of plain) s.unsubscribe();
      await nc.drain().catch(() => undefined);
    },
  };
}
