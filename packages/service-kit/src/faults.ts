/**
 * Fault injection for the distributed fault tests (gateway/test/distributed): a process started with
 * FAULT_INJECTION kills itself with SIGKILL (no shutdown code runs, as in a crash) at an exact point
 * of the event machinery, so a test can check what survives a crash there.
 *
 * FAULT_INJECTION is a comma-separated list of `<point>:<what>[:<n>]`:
 * - `after-commit-before-publish:<subject>[:n]`: the outbox relay has claimed the n-th row of that
 *   subject (committed by its transaction) and is about to publish it;
 * - `after-handle-before-ack:<consumer>[:n]`: the consumer (`<service>-<name>`, e.g.
 *   `po-indent-approved`) has committed the n-th event it handled in this process, and the bus has
 *   not been acknowledged yet.
 * n counts from the process's start, 1 when left out.
 *
 * Honoured only with NODE_ENV=test; refused at start-up with NODE_ENV=production (loadKitConfig).
 */
import { writeSync } from 'node:fs';

export type FaultPoint = 'after-commit-before-publish' | 'after-handle-before-ack';

export interface FaultDetail {
  subject?: string;
  consumer?: string;
}

export interface FaultSpec {
  point: FaultPoint;
  /** The subject (after-commit-before-publish) or the consumer (after-handle-before-ack). */
  target: string;
  /** Fires at this hit (1 = the first). */
  nth: number;
}

const POINTS: readonly FaultPoint[] = ['after-commit-before-publish', 'after-handle-before-ack'];

/** The specs of a FAULT_INJECTION value; throws on one it cannot read. */
export function parseFaultInjection(value: string): FaultSpec[] {
  const specs: FaultSpec[] = [];
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [point, target, n, ...rest] = part.split(':');
    const nth = n === undefined ? 1 : Number(n);
    if (
      !POINTS.includes(point as FaultPoint) ||
      !target ||
      rest.length > 0 ||
      !Number.isInteger(nth) ||
      nth < 1
    ) {
      throw new Error(
        `FAULT_INJECTION: "${part}" is not <${POINTS.join('|')}>:<subject or consumer>[:<n ≥ 1>]`,
      );
    }
    specs.push({ point: point as FaultPoint, target, nth });
  }
  return specs;
}

type Env = Record<string, string | undefined>;

/** Start-up check (loadKitConfig): never in production, and readable everywhere else. */
export function checkFaultInjection(env: Env): void {
  const value = env.FAULT_INJECTION?.trim();
  if (!value) return;
  if ((env.NODE_ENV ?? '').trim() === 'production')
    throw new Error(
      'FAULT_INJECTION cannot be used with NODE_ENV=production: it kills the process on purpose',
    );
  parseFaultInjection(value);
}

let armed: { specs: FaultSpec[]; hits: Map<FaultSpec, number> } | null = null;

function load(): { specs: FaultSpec[]; hits: Map<FaultSpec, number> } {
  if (armed) return armed;
  const value = process.env.FAULT_INJECTION?.trim();
  const specs = value && process.env.NODE_ENV === 'test' ? parseFaultInjection(value) : [];
  armed = { specs, hits: new Map() };
  return armed;
}

/** Read FAULT_INJECTION again and forget the hits so far (unit tests). */
export function resetFaults(): void {
  armed = null;
}

/**
 * A point where a test may have asked this process to die: kills it with SIGKILL when `point` and
 * `detail` match FAULT_INJECTION for the n-th time. Does nothing otherwise (and always outside
 * NODE_ENV=test).
 */
export function faultPoint(
  point: FaultPoint,
  detail: FaultDetail,
  kill: () => void = () => process.kill(process.pid, 'SIGKILL'),
): void {
  const { specs, hits } = load();
  if (specs.length === 0) return;
  const target = point === 'after-commit-before-publish' ? detail.subject : detail.consumer;
  for (const spec of specs) {
    if (spec.point !== point || spec.target !== target) continue;
    const n = (hits.get(spec) ?? 0) + 1;
    hits.set(spec, n);
    if (n === spec.nth) {
      // Synchronous: the line is out before the signal.
      try {
        writeSync(
          2,
          `FAULT_INJECTION: ${point} ${target} (hit ${n}): killing process ${process.pid} with SIGKILL\n`,
        );
      } catch {
        /* stderr closed or full: die anyway */
      }
      kill();
    }
  }
}
