/**
 * Where the system listens. Out of the box only this machine can reach it (ARCHITECTURE §7): the
 * console SMS provider prints sign-in codes, which must never be readable from a network.
 * HOST opens it to the network deliberately.
 */
export const DEFAULT_HOST = '127.0.0.1';

/** A listening address that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || isLoopbackAddress(h);
}

/** A caller's address on this machine: 127.0.0.0/8, ::1, or those mapped into IPv6. */
export function isLoopbackAddress(ip: string | undefined): boolean {
  if (!ip) return false;
  const a = ip.toLowerCase().replace(/^::ffff:/, '');
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}
