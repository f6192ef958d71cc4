import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestHarness, testConfig, type TestHarness } from '@erp/service-kit/testing';
import type { KitConfig } from '@erp/service-kit';
import { authService } from '../src/app.js';
import { loadAuthConfig } from '../src/config.js';
import { TEAM_ADMIN_ENV } from './team-fixture.js';

// Sign-in codes reach only their owner: the console provider and its dev route are for a developer
// at the machine, never for a network or production (issue 8, point 1).

const SECRET = { OTP_SECRET: 'e'.repeat(40), OTP_RESEND_SECONDS: '0' };

describe('the development SMS outbox', () => {
  let h: TestHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
    vi.restoreAllMocks();
  });

  async function start(env: Record<string, string>, kit: Partial<KitConfig> = {}) {
    vi.spyOn(console, 'log').mockImplementation(() => undefined); // the console provider prints codes
    h = await createTestHarness([authService({ env: { ...SECRET, ...TEAM_ADMIN_ENV, ...env } })], kit);
    const send = await h.app.inject({
      method: 'POST',
      url: '/auth/sendOtp',
      payload: { phoneNumber: '9000000001' },
    });
    expect(send.statusCode).toBe(200);
    return h;
  }

  it('gives a caller on this machine the codes sent to a number', async () => {
    const { app } = await start({});
    const res = await app.inject({
      method: 'GET',
      url: '/dev/sms?phoneNumber=9000000001',
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].code).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('refuses a caller from another machine, directly or through a proxy on this one', async () => {
    const { app } = await start({});
    const remote = await app.inject({
      method: 'GET',
      url: '/dev/sms?phoneNumber=9000000001',
      remoteAddress: '192.168.1.20',
    });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().message).toBe(
      'The development SMS outbox answers only on the machine the system runs on',
    );
    expect(remote.body).not.toMatch(/[A-Z0-9]{6}"/);
    const proxied = await app.inject({
      method: 'GET',
      url: '/dev/sms?phoneNumber=9000000001',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '10.0.0.7' },
    });
    expect(proxied.statusCode).toBe(403);
  });

  it('does not exist when the system listens on the network (HOST)', async () => {
    const { app } = await start({ HOST: '0.0.0.0' });
    const res = await app.inject({
      method: 'GET',
      url: '/dev/sms?phoneNumber=9000000001',
      remoteAddress: '127.0.0.1',
    });
    expect(res.statusCode).toBe(404);
  });

  it('exists on loopback host names: localhost, 127.0.0.1, ::1', async () => {
    for (const host of ['localhost', '127.0.0.1', '::1']) {
      const config = await loadAuthConfig({ ...SECRET, HOST: host }, testConfig());
      expect(config.devSmsRoute, host).toBe(true);
    }
    const open = await loadAuthConfig({ ...SECRET, HOST: '192.168.1.5' }, testConfig());
    expect(open.devSmsRoute).toBe(false);
  });
});

describe('production settings', () => {
  it('refuses to start with the console SMS provider, saying what to set', async () => {
    const kit = testConfig({ production: true, nodeEnv: 'production' });
    await expect(loadAuthConfig({ ...SECRET }, kit)).rejects.toThrow(
      /^SMS_PROVIDER is not set \(required with NODE_ENV=production\): set SMS_PROVIDER=http and SMS_HTTP_URL/,
    );
    await expect(loadAuthConfig({ ...SECRET, SMS_PROVIDER: 'console' }, kit)).rejects.toThrow(
      /SMS_PROVIDER=console .* cannot be used with NODE_ENV=production: set SMS_PROVIDER=http and SMS_HTTP_URL/,
    );
    const http = await loadAuthConfig(
      { ...SECRET, SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.test/send' },
      kit,
    );
    expect(http.devSmsRoute).toBe(false);
  });
});
