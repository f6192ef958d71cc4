import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../src/distributed/local-servers.js';

const ephemeralLow = Number(
  readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
);

describe('freePort', () => {
  it("gives ports below the kernel's ephemeral range, which no outgoing connection can be holding, and each can be listened on", async () => {
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(1024);
      expect(port).toBeLessThan(ephemeralLow);
      await new Promise<void>((resolve, reject) => {
        const s = createServer();
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => s.close(() => resolve()));
      });
    }
  });
});
