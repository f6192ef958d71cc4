import { describe, expect, it } from 'vitest';
import { deliveryAddress } from './delivery.js';

const project = { name: 'Skyline Residency, Pune', projectCode: 'PRJ-0001' };

describe('where a printed PO sends the goods', () => {
  it('is the indent’s site, the project and its location, one a line', () => {
    expect(deliveryAddress(project, { site: ' Tower A gate 2 ', projectLocation: 'Baner, Pune' })).toBe(
      'Tower A gate 2\nSkyline Residency, Pune (PRJ-0001)\nBaner, Pune',
    );
  });

  it('is the project alone for an approval that carried neither', () => {
    expect(deliveryAddress(project, { site: '', projectLocation: '  ' })).toBe(
      'Skyline Residency, Pune (PRJ-0001)',
    );
  });
});
