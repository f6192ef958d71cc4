import pino, { type Logger, type LoggerOptions } from 'pino';

export function loggerOptions(level: string, name: string): LoggerOptions {
  return {
    level,
    name,
    redact: { paths: ['req.headers.authorization', 'otp', 'code', '*.otp', 'token'], censor: '[redacted]' },
  };
}

export function createLogger(level: string, name: string): Logger {
  return pino(loggerOptions(level, name));
}
export type { Logger };
