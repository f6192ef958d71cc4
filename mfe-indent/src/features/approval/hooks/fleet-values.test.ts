import { amountTooLarge } from '@erp/contracts';
import { describe, expect, it } from 'vitest';
import { fleetBody, fleetChanged, fleetValues, sanitizeAmount } from './fleet-values';

const saved = { vendorId: 'v1', vendorName: 'Deccan Steel', amount: 1500, gst: 270, free: false };

describe('fleet cost editor', () => {
  it('shows the saved fleet, or empty fields', () => {
    expect(fleetValues(saved)).toEqual({ amount: '1500', gst: '270', free: false });
    expect(fleetValues(undefined)).toEqual({ amount: '', gst: '', free: false });
  });

  it('keeps digits and one point with two decimals while typing', () => {
    expect(sanitizeAmount('1,500.257')).toBe('1500.25');
    expect(sanitizeAmount('12.3.4')).toBe('12.34');
    expect(sanitizeAmount('abc')).toBe('');
  });

  it('builds the body (empty fields are 0) or says what is wrong', () => {
    expect(fleetBody('v1', { amount: '', gst: '', free: true })).toEqual({
      body: { vendorId: 'v1', amount: 0, gst: 0, free: true },
    });
    expect(fleetBody('v1', { amount: '1500.5', gst: '270.09', free: false })).toEqual({
      body: { vendorId: 'v1', amount: 1500.5, gst: 270.09, free: false },
    });
    expect(fleetBody('v1', { amount: '.', gst: '', free: false })).toEqual({
      problem: 'Fleet amount must be 0 or more',
    });
    expect(fleetBody('v1', { amount: '1', gst: '100000001', free: false })).toEqual({
      problem: amountTooLarge('Fleet GST'),
    });
  });

  it('knows when the fields differ from what is saved', () => {
    expect(fleetChanged(saved, { amount: '1500.00', gst: '270', free: false })).toBe(false);
    expect(fleetChanged(saved, { amount: '1500', gst: '270', free: true })).toBe(true);
    expect(fleetChanged(undefined, { amount: '', gst: '0', free: false })).toBe(false);
  });
});
