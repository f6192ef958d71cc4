import type { Logger } from 'pino';
import type { AuthConfig } from '../config.js';

export interface SentSms {
  phoneNumber: string;
  code: string;
  text: string;
  sentAt: string;
}

export interface SmsSender {
  send(phoneNumber: string, text: string, code: string): Promise<void>;
  /** Messages kept by the console provider for the dev route, newest first. */
  sent?(phoneNumber: string): SentSms[];
}

/** Development: print the code and keep it for GET /api/v1/dev/sms. */
export function consoleSms(logger: Logger): SmsSender {
  const byNumber = new Map<string, SentSms[]>();
  return {
    async send(phoneNumber, text, code) {
      const list = byNumber.get(phoneNumber) ?? [];
      list.unshift({ phoneNumber, code, text, sentAt: new Date().toISOString() });
      byNumber.set(phoneNumber, list.slice(0, 20));
      // Printed on purpose: in embedded mode this is how a developer signs in.
      console.log(`[sms] to +91 ${phoneNumber}: ${text}`);
      logger.debug({ phoneNumber }, 'sms written to console');
    },
    sent: (phoneNumber) => [...(byNumber.get(phoneNumber) ?? [])],
  };
}

/** Production: POST {to, message, senderId} as JSON to the provider's URL with a bearer token. */
export function httpSms(cfg: Extract<AuthConfig['sms'], { provider: 'http' }>, logger: Logger): SmsSender {
  return {
    async send(phoneNumber, text) {
      const res = await fetch(cfg.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(cfg.token ? { authorization: `Bearer ${cfg.token}` } : {}),
        },
        body: JSON.stringify({
          to: `+91${phoneNumber}`,
          message: text,
          ...(cfg.senderId ? { senderId: cfg.senderId } : {}),
        }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) {
        logger.error({ status: res.status }, 'SMS provider refused a message');
        throw new Error(`SMS provider answered ${res.status}`);
      }
    },
  };
}

export function createSmsSender(cfg: AuthConfig['sms'], logger: Logger): SmsSender {
  return cfg.provider === 'http' ? httpSms(cfg, logger) : consoleSms(logger);
}
