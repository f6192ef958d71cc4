import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VerifierOptions } from '@pact-foundation/pact';
import type { FastifyInstance } from 'fastify';
import type { EventEnvelope } from '@erp/contracts';
import type { Database } from '../db/types.js';

/**
 * Message contracts (Pact) of the services' events, in one place: where the pact files live, the
 * envelope every event has, a consumer's interaction and a provider's verification. Pact is loaded
 * only by the contract tests that call these (the other suites import this module too).
 */

/** The repository's pacts/ folder (consumers write it, providers verify it). */
export const PACTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../pacts');

/** The format of every timestamp in an event, as Pact's datetime matcher reads it. */
export const ISO_DATETIME = "yyyy-MM-dd'T'HH:mm:ss.SSSX";

/** An event a consumer expects: the provider state, the message's description and the envelope's parts. */
export interface ExpectedEvent {
  consumer: string;
  /** The producer's message provider name, e.g. 'po-service-events'. */
  provider: string;
  state: string;
  description: string;
  /** e.g. 'erp.po.created.v1'; its second part is the envelope's source. */
  subject: string;
  /** A fixed example id (the bus drops a message whose id it has just seen); any uuid when left out. */
  id?: string;
  occurredAt?: string;
  /** The data's matchers (MatchersV3). */
  data: Record<string, unknown>;
}

/**
 * Write the consumer's interaction for one event into pacts/ and run `test` with the example
 * message Pact hands over.
 */
export async function receiveEvent<T = unknown>(
  event: ExpectedEvent,
  test: (envelope: EventEnvelope<T>) => Promise<void>,
): Promise<void> {
  const { MatchersV3, PactV4 } = await import('@pact-foundation/pact');
  const { uuid, datetime } = MatchersV3;
  const pact = new PactV4({
    consumer: event.consumer,
    provider: event.provider,
    dir: PACTS_DIR,
    logLevel: 'warn',
  });
  await pact
    .addAsynchronousInteraction()
    .given(event.state)
    .expectsToReceive(event.description, (b) => {
      b.withJSONContent({
        id: event.id === undefined ? uuid() : uuid(event.id),
        subject: event.subject,
        occurredAt: datetime(ISO_DATETIME, event.occurredAt ?? '2026-11-21T10:00:00.000Z'),
        source: event.subject.split('.')[1],
        data: event.data,
      });
    })
    .executeTest(async (message) => test(message.contents.content as EventEnvelope<T>));
}

/**
 * Verify the pacts each of `consumers` holds with `provider`: every message description answered
 * by `messages`, every provider state one that needs no set-up (the messages make what they need).
 */
export async function verifyMessagePacts(options: {
  provider: string;
  consumers: string[];
  messages: Record<string, () => unknown>;
  states: string[];
}): Promise<void> {
  const { MessageProviderPact } = await import('@pact-foundation/pact');
  await new MessageProviderPact({
    provider: options.provider,
    pactUrls: options.consumers.map((c) => path.join(PACTS_DIR, `${c}-${options.provider}.json`)),
    logLevel: 'warn',
    messageProviders: options.messages as Record<string, () => Promise<unknown>>,
    stateHandlers: Object.fromEntries(options.states.map((s) => [s, async () => undefined])),
  }).verify();
}

/**
 * The envelopes a service wrote to its outbox under `subject`, oldest first; with `dataField`, only
 * those whose data's field is `value`.
 */
export async function outboxEvents(
  db: Database,
  schema: string,
  subject: string,
  dataField?: string,
  value?: string,
): Promise<EventEnvelope[]> {
  const r = await db.query<{ envelope: EventEnvelope }>(
    dataField === undefined
      ? `SELECT envelope FROM ${schema}.outbox WHERE subject = $1 ORDER BY seq`
      : `SELECT envelope FROM ${schema}.outbox WHERE subject = $1 AND envelope->'data'->>'${dataField}' = $2 ORDER BY seq`,
    dataField === undefined ? [subject] : [subject, value],
  );
  return r.rows.map((row) => row.envelope);
}

/** The last envelope `outboxEvents` finds (an error when there is none). */
export async function lastOutboxEvent(
  db: Database,
  schema: string,
  subject: string,
  dataField?: string,
  value?: string,
): Promise<EventEnvelope> {
  const all = await outboxEvents(db, schema, subject, dataField, value);
  if (all.length === 0) throw new Error(`no ${subject} in ${schema}.outbox`);
  return all[all.length - 1]!;
}

/** What verifyHttpPacts changes of a request. */
interface GatewayRequest {
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The HTTP pacts every consumer wrote with `provider` (<consumer>-<provider>.json), by name. */
export function httpPactUrls(provider: string): string[] {
  return readdirSync(PACTS_DIR)
    .filter((f) => f.endsWith(`-${provider}.json`))
    .sort()
    .map((f) => path.join(PACTS_DIR, f));
}

/** Listen on a free port of 127.0.0.1 (for a verifier to call); the base URL. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

/**
 * Verify every consumer's HTTP pact with `provider` (there must be one at least) against the
 * service at `baseUrl`, each request as the gateway would pass it on: /api/v1 stripped and the
 * consumer's token, where it sends one, replaced by `authorization()` (a real session's header).
 */
export async function verifyHttpPacts(options: {
  provider: string;
  baseUrl: string;
  authorization: () => string | undefined;
  stateHandlers: NonNullable<VerifierOptions['stateHandlers']>;
}): Promise<void> {
  const pactUrls = httpPactUrls(options.provider);
  if (pactUrls.length === 0) throw new Error(`no pact names ${options.provider} in ${PACTS_DIR}`);
  const { Verifier } = await import('@pact-foundation/pact');
  await new Verifier({
    provider: options.provider,
    providerBaseUrl: options.baseUrl,
    pactUrls,
    logLevel: 'warn',
    requestFilter: (req: GatewayRequest, _res: unknown, next: () => void) => {
      req.url = req.url.replace(/^\/api\/v1/, '');
      if (req.headers.authorization) req.headers.authorization = options.authorization();
      next();
    },
    stateHandlers: options.stateHandlers,
  }).verifyProvider();
}
