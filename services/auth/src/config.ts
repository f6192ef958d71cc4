import type { SignInRetention } from './plugins/retention.js';
import {
  ConfigError,
  DEFAULT_HOST,
  envInt,
  envString,
  isLoopbackHost,
  missingSetting,
  secretFromEnv,
  type KitConfig,
} from '@erp/service-kit';

export interface AuthConfig extends SignInRetention {
  otpSecret: string;
  otpTtlSeconds: number;
  otpMaxAttempts: number;
  otpResendSeconds: number;
  otpMaxPerNumberPerHour: number;
  otpMaxPerIpPerHour: number;
  sms:
    | { provider: 'console' }
    | { provider: 'http'; url: string; token: string | undefined; senderId: string | undefined };
  adminPhone: string | undefined;
  adminName: string;
  /**
   * The dev SMS outbox route exists only with the console provider, outside production, while the
   * system listens on loopback only (HOST); it then answers loopback callers only.
   */
  devSmsRoute: boolean;
}

/**
 * Auth's own settings, checked before the service connects to anything (its definition's
 * `configure`): a missing or wrong one is a ConfigError naming it, which stops the start with one line.
 */
export async function loadAuthConfig(
  env: Record<string, string | undefined>,
  kit: KitConfig,
): Promise<AuthConfig> {
  const given = envString(env, 'SMS_PROVIDER');
  // Production has no default provider: the console one prints everyone's sign-in codes.
  if (given === undefined && kit.production)
    throw missingSetting('SMS_PROVIDER', 'NODE_ENV=production', 'set SMS_PROVIDER=http and SMS_HTTP_URL');
  const provider = given ?? 'console';
  if (provider !== 'console' && provider !== 'http')
    throw new ConfigError(`SMS_PROVIDER must be console or http (got "${provider}")`);
  let sms: AuthConfig['sms'] = { provider: 'console' };
  if (provider === 'http') {
    const url = envString(env, 'SMS_HTTP_URL');
    if (!url)
      throw missingSetting('SMS_HTTP_URL', 'SMS_PROVIDER=http', 'the URL sign-in codes are posted to');
    sms = {
      provider: 'http',
      url,
      token: envString(env, 'SMS_HTTP_TOKEN'),
      senderId: envString(env, 'SMS_SENDER_ID'),
    };
  }
  if (provider === 'console' && kit.production) {
    throw new ConfigError(
      'SMS_PROVIDER=console prints sign-in codes to the console and cannot be used with NODE_ENV=production: set SMS_PROVIDER=http and SMS_HTTP_URL',
    );
  }
  const adminPhone = envString(env, 'ADMIN_PHONE');
  if (adminPhone && !/^[0-9]{10}$/.test(adminPhone))
    throw new ConfigError('ADMIN_PHONE must be a 10-digit mobile number');
  return {
    otpSecret: await secretFromEnv(env, 'OTP_SECRET', kit.dataDir, kit.production),
    otpTtlSeconds: envInt(env, 'OTP_TTL_SECONDS', 300, 30),
    otpMaxAttempts: envInt(env, 'OTP_MAX_ATTEMPTS', 5, 1),
    otpResendSeconds: envInt(env, 'OTP_RESEND_SECONDS', 30, 0),
    otpMaxPerNumberPerHour: envInt(env, 'OTP_MAX_PER_NUMBER_PER_HOUR', 5, 1),
    otpMaxPerIpPerHour: envInt(env, 'OTP_MAX_PER_IP_PER_HOUR', 30, 1),
    signInRetentionDays: envInt(env, 'SIGN_IN_RETENTION_DAYS', 7, 1),
    sessionRetentionDays: envInt(env, 'SESSION_RETENTION_DAYS', 30, 1),
    sms,
    adminPhone,
    adminName: envString(env, 'ADMIN_NAME', 'Admin')!,
    devSmsRoute:
      sms.provider === 'console' && !kit.production && isLoopbackHost(envString(env, 'HOST', DEFAULT_HOST)!),
  };
}
