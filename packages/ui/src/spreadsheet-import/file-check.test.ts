import { describe, expect, it } from 'vitest';
import { spreadsheetProblem, TOO_LARGE } from './file-check';

const limits = { maxBytes: 10 * 1024 * 1024, typeMessage: 'Choose a .csv or .xlsx file' };

describe('spreadsheetProblem', () => {
  it('accepts a .csv or .xlsx file within the limit, whatever the case of its ending', () => {
    expect(spreadsheetProblem({ name: 'items.csv', size: 10 }, limits)).toBeNull();
    expect(spreadsheetProblem({ name: 'BOQ.XLSX', size: limits.maxBytes }, limits)).toBeNull();
  });

  it('refuses another type with the screen’s own message', () => {
    expect(spreadsheetProblem({ name: 'items.xls', size: 10 }, limits)).toBe('Choose a .csv or .xlsx file');
    expect(spreadsheetProblem({ name: 'csv', size: 10 }, limits)).toBe('Choose a .csv or .xlsx file');
  });

  it('refuses a file over the limit', () => {
    expect(spreadsheetProblem({ name: 'items.csv', size: limits.maxBytes + 1 }, limits)).toBe(TOO_LARGE);
  });

  it('sees no problem while no file is chosen', () => {
    expect(spreadsheetProblem(null, limits)).toBeNull();
  });
});
