import { describe, expect, it } from 'vitest';
import { listTexts } from './list-texts';

describe('listTexts', () => {
  it('says every text of a list page with its noun', () => {
    expect(listTexts({ noun: 'purchase orders' })).toEqual({
      deniedText: "You don't have permission to view purchase orders.",
      searchLabel: 'Search purchase orders',
      loadingLabel: 'Loading purchase orders',
      errorTitle: 'Could not load purchase orders',
    });
  });

  it('keeps the texts a screen states itself', () => {
    const texts = listTexts({
      noun: 'vendor accounts',
      deniedText: 'No access',
      searchLabel: 'Search by ID',
    });
    expect(texts.deniedText).toBe('No access');
    expect(texts.searchLabel).toBe('Search by ID');
    expect(texts.loadingLabel).toBe('Loading vendor accounts');
  });
});
