/**
 * A client-chosen id for a create (a receipt, a payment, a record): made once when a form or dialog
 * opens, so a double click or a resend after a lost answer records it once (same content: the first
 * answer; other content: 409). crypto.randomUUID where the page has it (a secure context), else a
 * version-4 id from random bytes.
 */
export function newRequestKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  c.getRandomValues(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
