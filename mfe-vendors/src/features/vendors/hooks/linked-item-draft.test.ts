import { amountTooLarge, MOQ_TOO_LARGE, type VendorItemLink } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import { amountInput, draftBody, draftProblem, draftTotal, toDraft, type Draft } from './linked-item-draft';

const draft = (patch: Partial<Draft> = {}): Draft => ({
  price: '120.50',
  gst: '21.69',
  moq: '',
  active: true,
  notes: '',
  ...patch,
});

describe('an amount typed in a linked item cell', () => {
  it('keeps digits and one decimal point, at most two decimals', () => {
    expect(amountInput('1,250.755')).toBe('1250.75');
    expect(amountInput('12.3.4')).toBe('12.34');
    expect(amountInput('abc')).toBe('');
    expect(amountInput('7.')).toBe('7.');
  });
});

describe('a linked item draft', () => {
  it('starts from the saved row, an MOQ of 0 shown empty', () => {
    const link = { price: 100, gst: 18, moq: 0, status: 'inactive', notes: 'Bulk' } as VendorItemLink;
    expect(toDraft(link)).toEqual({ price: '100', gst: '18', moq: '', active: false, notes: 'Bulk' });
  });

  it('totals price and GST as typed, an empty GST as 0, and has no total beyond the maximum', () => {
    expect(draftTotal(draft())).toBe(142.19);
    expect(draftTotal(draft({ gst: '' }))).toBe(120.5);
    expect(draftTotal(draft({ price: '100000001' }))).toBeNull();
  });

  it('names the first problem a save finds', () => {
    expect(draftProblem(draft())).toBeNull();
    expect(draftProblem(draft({ price: '100000001' }))).toBe(amountTooLarge('Price'));
    expect(draftProblem(draft({ gst: '100000001' }))).toBe(amountTooLarge('GST'));
    expect(draftProblem(draft({ moq: '10000001' }))).toBe(MOQ_TOO_LARGE);
    expect(draftProblem(draft({ price: '' }))).toBe('Price must be greater than 0');
    expect(draftProblem(draft({ price: '0' }))).toBe('Price must be greater than 0');
    expect(draftProblem(draft({ gst: '.' }))).toBe('GST must be 0 or more');
    expect(draftProblem(draft({ moq: '.' }))).toBe('MOQ must be 0 or more');
  });

  it('sends amounts to the paisa, the status from the switch, notes trimmed and the version read', () => {
    expect(draftBody(draft({ moq: '50', active: false, notes: '  net 30  ' }), 7)).toEqual({
      price: 120.5,
      gst: 21.69,
      moq: 50,
      status: 'inactive',
      notes: 'net 30',
      version: 7,
    });
    expect(draftBody(draft(), 1)).toMatchObject({ moq: 0, status: 'active' });
  });
});
