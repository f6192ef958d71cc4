import { hostname } from 'node:os';
import pino, { type Logger, type LoggerOptions } from 'pino';

export function loggerOptions(level: string, name: string): LoggerOptions {
  // INSTANCE_ID (po-2) tells the lines of several instances of one service apart.
  const instance = process.env.INSTANCE_ID;
  return {
    level,
    name,
    base: { pid: process.pid, hostname: hostname(), ...(instance ? { instance } : {}) },
    redact: { paths: ['req.headers.authorization', 'otp', 'code', '*.otp', 'token'], censor: '[redacted]' },
  };
}

export function createLogger(level: string, name: string): Logger {
  return pino(loggerOptions(level, name));
}
export type { Logger };
