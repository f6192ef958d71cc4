import { describe, expect, it } from 'vitest';
import { PO_MESSAGES } from '@erp/contracts';
import { checkShortClose, shortCloseReason } from './short-close.js';

describe('short-closing a PO', () => {
  it('needs a reason, kept trimmed', () => {
    expect(shortCloseReason('  Vendor stopped supply  ')).toBe('Vendor stopped supply');
    expect(() => shortCloseReason('   ')).toThrow(PO_MESSAGES.shortCloseReason);
  });

  it('is allowed on an Open or Partial PO at the version seen (or none sent)', () => {
    expect(() => checkShortClose({ version: 3, status: 'Partial' }, 3)).not.toThrow();
    expect(() => checkShortClose({ version: 3, status: 'Open' }, undefined)).not.toThrow();
  });

  it('is refused for a PO changed since it was opened, and for a Closed one', () => {
    expect(() => checkShortClose({ version: 4, status: 'Partial' }, 3)).toThrow(/changed by someone else/);
    expect(() => checkShortClose({ version: 3, status: 'Closed' }, 3)).toThrow(PO_MESSAGES.closed);
  });
});
