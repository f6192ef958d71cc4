import { afterEach, describe, expect, it } from 'vitest';
import {
  checkFaultInjection,
  faultPoint,
  loadKitConfig,
  parseFaultInjection,
  resetFaults,
} from '../src/index.js';

/**
 * FAULT_INJECTION (faults.ts): what the distributed fault tests use to kill a process at an exact
 * point. The kill itself is replaced here (a process of its own dies in gateway/test/distributed);
 * the subjects and consumers named match nothing else a test in this worker may run.
 */
const saved = { FAULT_INJECTION: process.env.FAULT_INJECTION, NODE_ENV: process.env.NODE_ENV };
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetFaults();
});

function arm(value: string, nodeEnv = 'test') {
  process.env.FAULT_INJECTION = value;
  process.env.NODE_ENV = nodeEnv;
  resetFaults();
}

describe('fault injection', () => {
  it('reads points, targets and counts, and refuses anything else', () => {
    expect(
      parseFaultInjection(
        'after-commit-before-publish:erp.faulttest.never.v1, after-handle-before-ack:faulttest-never:3',
      ),
    ).toEqual([
      { point: 'after-commit-before-publish', target: 'erp.faulttest.never.v1', nth: 1 },
      { point: 'after-handle-before-ack', target: 'faulttest-never', nth: 3 },
    ]);
    for (const bad of [
      'somewhere:x',
      'after-handle-before-ack',
      'after-handle-before-ack:c:0',
      'after-handle-before-ack:c:two',
      'after-handle-before-ack:c:1:2',
    ]) {
      expect(() => parseFaultInjection(bad), bad).toThrow(/FAULT_INJECTION/);
    }
  });

  it('kills at the n-th matching point only, once', () => {
    arm('after-handle-before-ack:faulttest-never:3');
    let kills = 0;
    const kill = () => void kills++;
    faultPoint('after-handle-before-ack', { consumer: 'faulttest-other' }, kill);
    faultPoint('after-commit-before-publish', { subject: 'faulttest-never' }, kill);
    faultPoint('after-handle-before-ack', { consumer: 'faulttest-never' }, kill);
    faultPoint('after-handle-before-ack', { consumer: 'faulttest-never' }, kill);
    expect(kills).toBe(0);
    faultPoint('after-handle-before-ack', { consumer: 'faulttest-never' }, kill);
    expect(kills).toBe(1);
    faultPoint('after-handle-before-ack', { consumer: 'faulttest-never' }, kill);
    expect(kills).toBe(1);
  });

  it('does nothing outside NODE_ENV=test', () => {
    arm('after-commit-before-publish:erp.faulttest.never.v1', 'development');
    let kills = 0;
    faultPoint('after-commit-before-publish', { subject: 'erp.faulttest.never.v1' }, () => void kills++);
    expect(kills).toBe(0);
  });

  it('refuses to start with NODE_ENV=production, and refuses a value it cannot read anywhere', async () => {
    expect(() =>
      checkFaultInjection({
        NODE_ENV: 'production',
        FAULT_INJECTION: 'after-commit-before-publish:erp.x.v1',
      }),
    ).toThrow(/production/);
    await expect(
      loadKitConfig({ NODE_ENV: 'production', FAULT_INJECTION: 'after-commit-before-publish:erp.x.v1' }),
    ).rejects.toThrow(/FAULT_INJECTION cannot be used with NODE_ENV=production/);
    await expect(loadKitConfig({ NODE_ENV: 'test', FAULT_INJECTION: 'nowhere:x' })).rejects.toThrow(
      /FAULT_INJECTION/,
    );
    expect(() => checkFaultInjection({ NODE_ENV: 'production' })).not.toThrow();
    expect(() =>
      checkFaultInjection({
        NODE_ENV: 'test',
        FAULT_INJECTION: 'after-handle-before-ack:po-indent-approved:3',
      }),
    ).not.toThrow();
  });
});
