/**
 * The gateway's way to services running as their own processes (distributed mode), one or several
 * instances each: `PO_SERVICE_URL=http://127.0.0.1:3006,http://127.0.0.1:3016`.
 *
 * One pool per service. A request goes to the next instance, round robin, among those that are up.
 * Whether an instance is up:
 * - every UPSTREAM_HEALTH_INTERVAL_MS each instance's GET /health/ready is asked on a new connection
 *   (GET /health when /health/ready answers 404: a service without readiness); 200 puts it in,
 *   any other answer or a refused connection takes it out; a poll that gets no answer within the
 *   probe's timeout takes it out only when SLOW_PROBES_TO_DOWN polls in a row got none (an instance
 *   busy under load answers its health check late, and taking it out would only load the others
 *   more and answer 503s to callers it could have served);
 * - a connection to it that fails while connecting (refused, reset, timed out, unknown host) takes it
 *   out at once, before the next poll.
 *
 * Retries. A request whose connection failed while connecting never reached the instance, so it is
 * sent once more to another up instance whatever its method. Writes (POST, PUT, PATCH, DELETE) go on
 * a connection of their own, made for them (`connection: close`): were they sent on a kept-alive
 * connection that the instance closed at that moment (it was stopping), the gateway could not tell
 * "never received" from "received, then failed", and could neither retry nor be sure; a new
 * connection to a stopped instance is refused, which proves nothing was received. A write that
 * reached an instance and then failed is never sent again: it answers 502, saying the change may have
 * been saved. Reads (GET, HEAD, OPTIONS) use kept-alive connections and are sent once more, to another
 * instance when there is one, when their connection is reset. An instance that answers Fastify's own
 * 503 of a server that is closing (given before any handler runs: the request was not handled) is
 * taken out, and the request, whatever its method, goes to another instance (its body, up to 1 MB,
 * is kept as it is sent for that).
 *
 * No instance up (after asking them all again at once, see UpstreamPool.recheck), or the one tried
 * failing: 503 `{message: 'The <title> service is not available right now. Please try again in a
 * moment.'}` with `retry-after: 5`, for that service's paths only.
 * No answer within UPSTREAM_TIMEOUT_MS: 504.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import { Agent, buildConnector, Dispatcher, request as undiciRequest } from 'undici';
import { Readable } from 'node:stream';
import { Counter, Gauge, type Registry } from 'prom-client';
import { NOT_HANDLED_HEADER } from '@erp/service-kit';
import { MODULES } from './modules.js';

export const DEFAULT_HEALTH_INTERVAL_MS = 1000;
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;
/** Longest wait for a connection to an instance; a failure to connect is retried elsewhere. */
const MAX_CONNECT_TIMEOUT_MS = 5000;
const RETRY_AFTER_SECONDS = 5;
/** Fewest milliseconds between two checks of every instance made because no instance was up. */
const RECHECK_GAP_MS = 100;
/** Health polls in a row without an answer in time before an instance that still connects is taken out. */
export const SLOW_PROBES_TO_DOWN = 3;
/** How a health poll that got no answer in time fails (undici's codes, AbortSignal.timeout's name). */
const SLOW_PROBE_ERRORS = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_ABORTED',
  'TimeoutError',
  'AbortError',
]);
type ReplyOptions = NonNullable<Parameters<FastifyReply['from']>[1]>;
/** Methods that change nothing: a read whose connection broke may be sent again. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS']);

export type InstanceState = 'up' | 'down';
/** How a request sent to an instance ended, for the gateway's metrics. */
export type Outcome = 'answered' | 'refused' | 'stopping' | 'starting' | 'reset' | 'timeout' | 'error';

/** What the pools tell the gateway's metrics (optional). */
export interface UpstreamObserver {
  state(service: string, instance: string, up: boolean): void;
  outcome(service: string, instance: string, outcome: Outcome): void;
}

/** The instance URLs of a `<NAME>_SERVICE_URL` value: comma-separated, trailing slashes dropped. */
export function instanceUrls(value: string, variable = 'The service URL'): string[] {
  const urls = value
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter((u) => u !== '');
  if (urls.length === 0) throw new Error(`${variable} must list at least one URL (got "${value}")`);
  for (const u of urls) {
    if (!URL.canParse(u) || !/^https?:$/.test(new URL(u).protocol)) {
      throw new Error(`${variable} must be an http(s) URL or several separated by commas (got "${u}")`);
    }
  }
  return [...new Set(urls)];
}

/** Errors of connections that failed while connecting: the request never left the gateway. */
const connectFailures = new WeakSet<object>();

/** undici's connector, noting which errors happened while connecting. */
function notingConnector(timeout: number): buildConnector.connector {
  const connect = buildConnector({ timeout });
  return (options, callback) =>
    connect(options, (...args) => {
      if (args[0]) connectFailures.add(args[0]);
      callback(...args);
    });
}

/** The error at the bottom of a reply-from error (reply-from wraps undici's in `cause`). */
function rootCause(error: unknown): (Error & { code?: string }) | undefined {
  let e = error as (Error & { code?: string; cause?: unknown }) | undefined;
  for (let i = 0; i < 5 && e && typeof e === 'object' && e.cause && typeof e.cause === 'object'; i++)
    e = e.cause as typeof e;
  return e && typeof e === 'object' ? e : undefined;
}

function failedWhileConnecting(error: unknown): boolean {
  for (
    let e = error as { cause?: unknown } | undefined, i = 0;
    e && typeof e === 'object' && i < 6;
    e = e.cause as typeof e, i++
  ) {
    if (connectFailures.has(e)) return true;
    const code = (e as { code?: string }).code;
    if (
      code === 'ECONNREFUSED' ||
      code === 'UND_ERR_CONNECT_TIMEOUT' ||
      code === 'ENOTFOUND' ||
      code === 'EAI_AGAIN'
    )
      return true;
  }
  return false;
}

function timedOut(error: unknown): boolean {
  const code = rootCause(error)?.code;
  return (
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    (error as { statusCode?: number } | undefined)?.statusCode === 504
  );
}

const connectionBroken = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE', 'UND_ERR_CLOSED', 'ECONNABORTED']);

export class Instance {
  up = true;
  /** When it last changed state, and why it is down. */
  since = Date.now();
  reason: string | undefined;
  probing: Promise<void> | undefined;
  /** Health polls in a row that got no answer in time (reset by any answer). */
  slowProbes = 0;
  constructor(readonly url: string) {}
}

export interface PoolOptions {
  healthIntervalMs: number;
  timeoutMs: number;
  log: FastifyBaseLogger;
  observer?: UpstreamObserver | undefined;
}

/** The instances of one service and which of them are up. */
export class UpstreamPool {
  readonly instances: Instance[];
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly probeTimeoutMs: number;
  /** Health polls: a new connection each time, so a poll sees whether the instance takes connections. */
  private readonly probeAgent: Agent;
  /** Resolves once every instance has been asked once. */
  firstCheck: Promise<void> = Promise.resolve();
  private recheckRound: Promise<void> | undefined;
  private lastRecheckAt = 0;
  private stopped = false;
  /** The turn of the gateway's own requests (get), apart from the callers'. */
  private ownTurn = 0;

  constructor(
    readonly service: string,
    readonly title: string,
    urls: string[],
    private readonly dispatcher: Dispatcher,
    private readonly options: PoolOptions,
  ) {
    this.instances = urls.map((u) => new Instance(u));
    this.probeTimeoutMs = Math.min(2000, Math.max(250, options.healthIntervalMs));
    this.probeAgent = new Agent({ pipelining: 0, connect: { timeout: this.probeTimeoutMs } });
    for (const i of this.instances) options.observer?.state(service, i.url, true);
  }

  /** The message of a 503 for this service. */
  get unavailableMessage(): string {
    return `The ${this.title} service is not available right now. Please try again in a moment.`;
  }

  /** The next up instance, round robin; `exclude` is skipped (the one that just failed). */
  pick(exclude?: Instance): Instance | undefined {
    const n = this.instances.length;
    for (let k = 0; k < n; k++) {
      const idx = (this.next + k) % n;
      const inst = this.instances[idx]!;
      if (inst.up && inst !== exclude) {
        this.next = (idx + 1) % n;
        return inst;
      }
    }
    return undefined;
  }

  byUrl(url: string): Instance | undefined {
    return this.instances.find((i) => i.url === url);
  }

  get anyUp(): boolean {
    return this.instances.some((i) => i.up);
  }

  setState(inst: Instance, up: boolean, reason?: string): void {
    // A poll still under way when the gateway closes says nothing about the instance.
    if (this.stopped) return;
    if (inst.up === up) {
      if (!up) inst.reason = reason;
      return;
    }
    inst.up = up;
    inst.since = Date.now();
    inst.reason = up ? undefined : reason;
    this.options.observer?.state(this.service, inst.url, up);
    const line = { service: this.service, instance: inst.url, ...(reason ? { reason } : {}) };
    if (up) this.options.log.info(line, 'service instance is up');
    else this.options.log.warn(line, 'service instance is down');
  }

  outcome(inst: Instance, outcome: Outcome): void {
    this.options.observer?.outcome(this.service, inst.url, outcome);
  }

  /** Ask one instance whether it is ready (at most one question to it at a time). */
  probe(inst: Instance): Promise<void> {
    inst.probing ??= this.ask(inst).finally(() => (inst.probing = undefined));
    return inst.probing;
  }

  private async ask(inst: Instance): Promise<void> {
    const get = async (path: string) => {
      const res = await undiciRequest(`${inst.url}${path}`, {
        dispatcher: this.probeAgent,
        signal: AbortSignal.timeout(this.probeTimeoutMs),
        headersTimeout: this.probeTimeoutMs,
        bodyTimeout: this.probeTimeoutMs,
      });
      await res.body.dump();
      return res.statusCode;
    };
    try {
      let status = await get('/health/ready');
      // A service from before readiness existed: its liveness is all it can tell.
      if (status === 404) status = await get('/health');
      inst.slowProbes = 0;
      this.setState(inst, status === 200, status === 200 ? undefined : `health check answered ${status}`);
    } catch (err) {
      const cause = rootCause(err);
      // AbortSignal.timeout's DOMException has a numeric legacy code (23): its name says what it is.
      const code = typeof cause?.code === 'string' ? cause.code : cause?.name;
      const reason = `health check failed: ${code ?? cause?.message ?? String(err)}`;
      // Refused, reset, unknown host: it is not there. No answer in time: it may only be busy.
      const slow = SLOW_PROBE_ERRORS.has(code ?? '');
      if (slow && inst.up && ++inst.slowProbes < SLOW_PROBES_TO_DOWN) {
        this.options.log.debug(
          { service: this.service, instance: inst.url, reason, slowProbes: inst.slowProbes },
          'service instance answered its health check late',
        );
        return;
      }
      inst.slowProbes = 0;
      this.setState(inst, false, reason);
    }
  }

  /**
   * When no instance is up, a request waits for every instance to be asked again now rather than
   * answering 503 until the next poll: an instance that has just become ready takes it. Requests
   * arriving meanwhile wait for the same round; rounds start at most every RECHECK_GAP_MS, so a
   * service that is down is not asked more often than that however many requests come.
   */
  recheck(): Promise<void> {
    this.recheckRound ??= (async () => {
      const gap = Math.min(RECHECK_GAP_MS, this.options.healthIntervalMs);
      const wait = this.lastRecheckAt + gap - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await Promise.all(this.instances.map((i) => this.probe(i)));
    })().finally(() => {
      this.lastRecheckAt = Date.now();
      this.recheckRound = undefined;
    });
    return this.recheckRound;
  }

  start(): void {
    if (this.timer) return;
    this.firstCheck = Promise.all(this.instances.map((i) => this.probe(i))).then(() => undefined);
    this.timer = setInterval(() => {
      for (const i of this.instances) void this.probe(i);
    }, this.options.healthIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.probeAgent.destroy();
  }

  /** For /health: each instance up or down, and the service 'ok' while one of them is up. */
  report(): { status: 'ok' | 'down'; instances: Record<string, InstanceState> } {
    return {
      status: this.anyUp ? 'ok' : 'down',
      instances: Object.fromEntries(this.instances.map((i) => [i.url, i.up ? 'up' : 'down'])),
    };
  }

  /**
   * A GET the gateway makes itself (the services' API documents): to an up instance, and once more
   * to another when the first cannot be reached. Null when none answered. It leaves the turn of
   * the callers' requests where it was.
   */
  async get(path: string, timeoutMs: number): Promise<{ statusCode: number; body: string } | null> {
    const up = this.instances.filter((i) => i.up);
    const start = up.length > 0 ? this.ownTurn++ % up.length : 0;
    for (const inst of [up[start], up[(start + 1) % up.length]].slice(0, Math.min(2, up.length))) {
      if (!inst) continue;
      try {
        const res = await undiciRequest(`${inst.url}${path}`, {
          dispatcher: this.dispatcher,
          signal: AbortSignal.timeout(timeoutMs),
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        return { statusCode: res.statusCode, body: await res.body.text() };
      } catch (err) {
        if (failedWhileConnecting(err))
          this.setState(inst, false, `connection failed: ${rootCause(err)?.code ?? 'error'}`);
        else void this.probe(inst);
      }
    }
    return null;
  }

  /** The 503 for this service's paths. */
  sendUnavailable(reply: FastifyReply): FastifyReply {
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ message: this.unavailableMessage });
  }

  /**
   * Proxy one request to `inst`; on a failure, decide between one more try elsewhere and an answer
   * (see the top of this file).
   */
  forward(
    request: FastifyRequest,
    reply: FastifyReply,
    dest: string,
    options: ReplyOptions,
    inst: Instance,
    retried = false,
  ): FastifyReply {
    if (!bodyForAttempt(request)) return this.sendUnavailable(reply);
    const method = request.method.toUpperCase();
    const log = { service: this.service, instance: inst.url, method, url: request.url };
    /** One more try on another up instance (or, for a read whose connection broke, the same one). */
    const sendAgain = (sameAllowed: boolean, why: string, err?: unknown): boolean => {
      if (retried || !bodyCanBeSentAgain(request)) return false;
      const other = this.pick(inst) ?? (sameAllowed && inst.up ? inst : undefined);
      if (!other) return false;
      request.log.info({ ...log, err, retryOn: other.url, why }, 'service request sent again');
      this.forward(request, reply, dest, options, other, true);
      return true;
    };
    const attempt: Attempt = { request, reply, inst, method, log, sendAgain };
    return reply.from(dest, {
      ...options,
      timeout: this.options.timeoutMs,
      // The pool decides about sending again, not reply-from (which would retry a GET answered 503 on the same instance).
      retryDelay: () => null,
      getUpstream: () => inst.url,
      // What reply-from hands over (its types say a ServerResponse).
      onResponse: (_request, _reply, raw) => this.answered(attempt, raw as unknown as UpstreamAnswer),
      onError: (_reply, { error }) => this.failed(attempt, error),
    });
  }

  /** The instance answered: pass the answer on, unless it says the request was not handled. */
  private answered(attempt: Attempt, res: UpstreamAnswer): void {
    const { reply, inst, sendAgain } = attempt;
    if (res.statusCode === 503 && res.headers[NOT_HANDLED_HEADER] === 'starting') {
      // The instance is still starting (restarted since the last health poll): it answered
      // without handling the request, so it may go elsewhere whatever its method.
      res.stream.resume();
      this.outcome(inst, 'starting');
      this.setState(inst, false, 'starting (answered 503 to a request it did not handle)');
      for (const header of Object.keys(res.headers)) reply.removeHeader(header);
      if (!sendAgain(false, 'the instance is starting')) void this.sendUnavailable(reply);
      return;
    }
    if (res.statusCode === 503 && mayBeStoppingAnswer(res.headers)) {
      // Fastify's answer while it closes, given before any handler ran: the request was not
      // handled, whatever its method, and this instance is going away.
      void readSmall(res.stream).then(
        (text) => {
          if (text !== FASTIFY_CLOSING_BODY) {
            this.outcome(inst, 'answered');
            void reply.send(text);
            return;
          }
          this.outcome(inst, 'stopping');
          this.setState(inst, false, 'stopping (answered 503 to a request it did not handle)');
          for (const header of Object.keys(res.headers)) reply.removeHeader(header);
          if (!sendAgain(false, 'the instance is stopping')) void this.sendUnavailable(reply);
        },
        () => void this.sendUnavailable(reply),
      );
      return;
    }
    this.outcome(inst, 'answered');
    void reply.send(res.stream);
  }

  /** The request failed on its way or before its answer: try elsewhere, or say what may have happened. */
  private failed(attempt: Attempt, error: Error): void {
    const { request, reply, inst, method, log, sendAgain } = attempt;
    const cause = rootCause(error);
    const neverSent = failedWhileConnecting(error);
    const timeout = !neverSent && timedOut(error);
    const broken = !neverSent && !timeout && connectionBroken.has(cause?.code ?? '');
    this.outcome(inst, neverSent ? 'refused' : timeout ? 'timeout' : broken ? 'reset' : 'error');
    if (neverSent)
      this.setState(inst, false, `connection failed: ${cause?.code ?? cause?.message ?? 'error'}`);
    else void this.probe(inst);
    const err = cause ?? error;
    if (reply.sent) {
      request.log.warn({ ...log, err }, 'service connection failed after its answer began');
      return;
    }
    // Nothing reached the instance: any method may go elsewhere. A read whose connection broke
    // may go again too, to the same instance on a new connection when it is the only one up.
    if (neverSent && sendAgain(false, 'the connection failed while connecting', err)) return;
    if (broken && IDEMPOTENT.has(method) && sendAgain(true, 'the connection broke during a read', err))
      return;
    if (timeout) {
      request.log.warn({ ...log, err }, 'service did not answer in time');
      const message = IDEMPOTENT.has(method)
        ? `The ${this.title} service took too long to answer. Please try again in a moment.`
        : `The ${this.title} service took too long to answer. Your change may have been saved: please check before trying again.`;
      void reply.code(504).send({ message });
      return;
    }
    if (neverSent || IDEMPOTENT.has(method)) {
      request.log.warn({ ...log, err }, 'service not available');
      void this.sendUnavailable(reply);
      return;
    }
    // A write reached the instance and its connection then broke: it may or may not have been done.
    request.log.error({ ...log, err }, 'service connection broke during a write; not sent again');
    void reply.code(502).send({
      message: `The ${this.title} service stopped before answering. Your change may have been saved: please check before trying again.`,
    });
  }
}

/** An instance's answer as reply-from hands it over. */
interface UpstreamAnswer {
  statusCode: number;
  headers: Record<string, unknown>;
  stream: Readable;
}

/** One attempt of forward(): the request, the instance tried, and how to try once more. */
interface Attempt {
  request: FastifyRequest;
  reply: FastifyReply;
  inst: Instance;
  method: string;
  log: Record<string, string>;
  sendAgain: (sameAllowed: boolean, why: string, err?: unknown) => boolean;
}

/** What Fastify answers, before any hook or handler, to a request that arrives while it closes. */
const FASTIFY_CLOSING_BODY =
  '{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}';

function mayBeStoppingAnswer(headers: Record<string, unknown>): boolean {
  return (
    String(headers.connection ?? '').toLowerCase() === 'close' &&
    String(headers['content-length']) === String(FASTIFY_CLOSING_BODY.length)
  );
}

async function readSmall(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** Bodies up to this size are kept as they are sent, so one an instance did not handle can go to another. */
const KEPT_BODY_BYTES = 1024 * 1024;

/**
 * The caller's request body, for one attempt after another. undici destroys the body stream of a
 * request that fails, even one that never connected; so each attempt gets a view of the caller's
 * stream that reads nothing from it until the attempt does (an attempt that never connected leaves
 * it whole), and what was read is kept (up to KEPT_BODY_BYTES) to be sent again when the instance
 * did not handle it.
 */
class CallerBody {
  started = false;
  ended = false;
  private kept: Buffer[] | null = [];
  private keptBytes = 0;

  constructor(readonly source: Readable) {}

  /** The stream the next attempt sends, or undefined when the body cannot be sent again. */
  next(): Readable | undefined {
    if (!this.started && !this.source.destroyed) return new BodyView(this);
    if (this.ended && this.kept)
      return Readable.from(this.kept.length > 0 ? [Buffer.concat(this.kept)] : [], { objectMode: false });
    return undefined;
  }

  get canSendAgain(): boolean {
    return (!this.started && !this.source.destroyed) || (this.ended && this.kept !== null);
  }

  keep(chunk: Buffer): void {
    if (!this.kept) return;
    this.keptBytes += chunk.length;
    if (this.keptBytes > KEPT_BODY_BYTES) this.kept = null;
    else this.kept.push(chunk);
  }
}

class BodyView extends Readable {
  private attached = false;

  constructor(private readonly body: CallerBody) {
    super();
  }

  override _read(): void {
    const { source } = this.body;
    this.body.started = true;
    if (!this.attached) {
      this.attached = true;
      source.on('data', this.onData);
      source.on('end', this.onEnd);
      source.on('error', this.onError);
    }
    source.resume();
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    const { source } = this.body;
    source.off('data', this.onData);
    source.off('end', this.onEnd);
    source.off('error', this.onError);
    callback(err);
  }

  private readonly onData = (chunk: Buffer) => {
    this.body.keep(chunk);
    if (!this.push(chunk)) this.body.source.pause();
  };

  private readonly onEnd = () => {
    this.body.ended = true;
    this.push(null);
  };

  private readonly onError = (err: Error) => this.destroy(err);
}

const callerBodies = new WeakMap<FastifyRequest, CallerBody>();

/** Give this attempt its stream of the caller's body; false when the body cannot be sent again. */
function bodyForAttempt(request: FastifyRequest): boolean {
  let body = callerBodies.get(request);
  if (!body) {
    // The proxy's content type parser hands the body over unread, as the request's stream.
    if (!(request.body instanceof Readable)) return true;
    body = new CallerBody(request.body);
    callerBodies.set(request, body);
  }
  const stream = body.next();
  if (!stream) return false;
  request.body = stream;
  return true;
}

function bodyCanBeSentAgain(request: FastifyRequest): boolean {
  return callerBodies.get(request)?.canSendAgain ?? true;
}

/**
 * Reads on kept-alive connections, writes on connections of their own (see the top of this file).
 * Both note errors that happen while connecting.
 */
class ByMethod extends Dispatcher {
  private readonly reads: Agent;
  private readonly writes: Agent;

  constructor(connectTimeoutMs: number) {
    super();
    const connect = notingConnector(connectTimeoutMs);
    this.reads = new Agent({ connect });
    this.writes = new Agent({ connect, pipelining: 0 });
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return (IDEMPOTENT.has(String(options.method).toUpperCase()) ? this.reads : this.writes).dispatch(
      options,
      handler,
    );
  }

  async shutdown(): Promise<void> {
    await Promise.all([this.reads.destroy(), this.writes.destroy()]);
  }
}

export interface UpstreamsOptions {
  /** Service name -> its instance URLs, comma-separated (GatewayConfig.serviceUrls). */
  serviceUrls: Record<string, string>;
  /** Services run in this process: no pool. */
  embedded?: string[];
  healthIntervalMs?: number | undefined;
  timeoutMs?: number | undefined;
  log: FastifyBaseLogger;
  observer?: UpstreamObserver | undefined;
}

/** Every service's pool, their health polls and their connections. */
export class Upstreams {
  readonly pools = new Map<string, UpstreamPool>();
  private readonly connections: ByMethod;
  readonly timeoutMs: number;

  constructor(opts: UpstreamsOptions) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
    this.connections = new ByMethod(Math.min(MAX_CONNECT_TIMEOUT_MS, this.timeoutMs));
    const healthIntervalMs = opts.healthIntervalMs ?? DEFAULT_HEALTH_INTERVAL_MS;
    for (const [name, value] of Object.entries(opts.serviceUrls)) {
      if (opts.embedded?.includes(name)) continue;
      const urls = instanceUrls(value, `${name.toUpperCase()}_SERVICE_URL`);
      const title = MODULES[name]?.title ?? name;
      this.pools.set(
        name,
        new UpstreamPool(name, title, urls, this.connections, {
          healthIntervalMs,
          timeoutMs: this.timeoutMs,
          log: opts.log,
          observer: opts.observer,
        }),
      );
    }
  }

  get(name: string): UpstreamPool | undefined {
    return this.pools.get(name);
  }

  start(): void {
    for (const p of this.pools.values()) p.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.pools.values()].map((p) => p.stop()));
    await this.connections.shutdown();
  }

  /** Register the proxy of every pooled service's /api/v1 prefixes. */
  async registerProxies(app: FastifyInstance): Promise<void> {
    for (const [name, pool] of this.pools) {
      for (const prefix of MODULES[name]?.prefixes ?? []) {
        await app.register(httpProxy, {
          // No fixed upstream: each request's instance comes from the pool (getUpstream).
          upstream: '',
          prefix: `/api/v1${prefix}`,
          rewritePrefix: prefix,
          undici: this.connections,
          replyOptions: {
            getUpstream: () => pool.pick()?.url ?? '',
            rewriteRequestHeaders: (request, headers) => ({
              ...headers,
              'x-request-id': String((request as unknown as { id: string }).id),
              'x-forwarded-for': (request as unknown as { ip: string }).ip,
            }),
          },
          handler: (request, reply, dest, options) => {
            const upstream = options.getUpstream?.(request, '') ?? '';
            const inst = upstream ? pool.byUrl(upstream) : undefined;
            if (inst) return pool.forward(request, reply, dest, options, inst);
            // None up: ask them all again now, and answer 503 only if none is up after that.
            return pool.recheck().then(() => {
              const ready = pool.pick();
              return ready ? pool.forward(request, reply, dest, options, ready) : pool.sendUnavailable(reply);
            });
          },
        });
      }
    }
  }
}

/**
 * The pools' metrics, in the gateway's registry (its /metrics): `gateway_upstream_up{service,instance}`
 * (1 up, 0 down) and `gateway_upstream_requests_total{service,instance,outcome}`, outcome one of
 * answered, refused (could not connect: sent elsewhere or 503), stopping (the instance answered
 * Fastify's 503 while closing: sent elsewhere or 503), starting (the instance answered that it has
 * not started: sent elsewhere or 503), reset (the connection broke), timeout, error.
 */
export function upstreamMetrics(registry: Registry): UpstreamObserver {
  const up = new Gauge({
    name: 'gateway_upstream_up',
    help: 'Whether the gateway sends requests to this instance of a service (1) or has taken it out (0)',
    labelNames: ['service', 'instance'],
    registers: [registry],
  });
  const requests = new Counter({
    name: 'gateway_upstream_requests_total',
    help: 'Requests the gateway sent to an instance of a service, by how they ended: answered, refused, stopping, starting, reset, timeout, error',
    labelNames: ['service', 'instance', 'outcome'],
    registers: [registry],
  });
  return {
    state: (service, instance, isUp) => up.set({ service, instance }, isUp ? 1 : 0),
    outcome: (service, instance, outcome) => requests.inc({ service, instance, outcome }),
  };
}
