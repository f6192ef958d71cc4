import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import { installErrorHandling, installValidation } from '../src/index.js';

describe('request validation', () => {
  const app = Fastify();
  installValidation(app);
  installErrorHandling(app);
  app.post(
    '/price',
    {
      schema: {
        body: Type.Object(
          { gst: Type.Number({ minimum: 0, multipleOf: 0.01, errorMessage: 'GST must be 0 or more' }) },
          { additionalProperties: false },
        ),
      },
    },
    async (r) => r.body,
  );

  it('accepts every amount with two decimals, despite floating point', async () => {
    for (const gst of [14.04, 11.16, 0.07, 106.4, 1234567.89, 99999999.99, 0.29]) {
      const res = await app.inject({ method: 'POST', url: '/price', payload: { gst } });
      expect(res.statusCode, String(gst)).toBe(200);
    }
  });

  it('refuses more than two decimals and negative amounts with the schema’s message', async () => {
    for (const gst of [14.041, -1]) {
      const res = await app.inject({ method: 'POST', url: '/price', payload: { gst } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'GST must be 0 or more' });
    }
  });
});
