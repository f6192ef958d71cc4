import { describe, expect, it } from 'vitest';
import { isBusinessName, isPersonName, sanitizeBusinessName, sanitizePersonName } from './names.js';

const BUSINESSES = [
  'Om Sai Traders & Co.',
  'Shree Ganesh Pvt. Ltd.',
  'M/s. Patil-Deshmukh (Pune)',
  'श्री गणेश ट्रेडर्स',
  'ಶ್ರೀ ಸಾಯಿ',
  'Balaji Steel 24x7',
  "D'Souza & Sons, Goa",
];
const PEOPLE = [
  'Rahul Sharma',
  'श्री गणेश',
  'ಶ್ರೀ ಸಾಯಿ',
  'முருகன் செல்வம்',
  "Anita D'Souza",
  'R. K. Patil-Deshmukh',
  'José Fernandes',
];

describe('names in any script, with the punctuation real names carry', () => {
  it('accepts business names as they are written', () => {
    for (const name of BUSINESSES) {
      expect(isBusinessName(name), name).toBe(true);
      expect(sanitizeBusinessName(name), name).toBe(name);
    }
  });

  it('accepts person names in any script, with marks, full stops, apostrophes and hyphens', () => {
    for (const name of PEOPLE) {
      expect(isPersonName(name), name).toBe(true);
      expect(sanitizePersonName(name), name).toBe(name);
    }
  });

  it('still refuses what is not a name', () => {
    expect(isPersonName('Rahul2')).toBe(false);
    expect(isPersonName('Om & Co')).toBe(false);
    expect(isPersonName(' . - ')).toBe(false);
    expect(isBusinessName('<script>')).toBe(false);
    expect(isBusinessName('Traders; DROP')).toBe(false);
    expect(isBusinessName(' & ')).toBe(false);
    expect(sanitizePersonName('Rahul<b>2')).toBe('Rahulb');
    expect(sanitizeBusinessName('Om Sai <Traders>!')).toBe('Om Sai Traders');
  });
});
