import { describe, expect, it } from 'vitest';
import { fileSize, signed, thousands } from '../lib/format';

describe('numbers', () => {
  it('groups thousands the English way and drops fractions', () => {
    expect(thousands(100000)).toBe('100,000');
    expect(thousands(999)).toBe('999');
    expect(thousands(-1234567)).toBe('-1,234,567');
    expect(thousands(1999.9)).toBe('1,999');
    expect(thousands(-0.5)).toBe('0');
  });

  it('writes modifiers with their sign, n/a for none', () => {
    expect(signed(2)).toBe('+2');
    expect(signed(0)).toBe('0');
    expect(signed(-1)).toBe('-1');
    expect(signed(1500)).toBe('+1500');
    expect(signed(null)).toBe('n/a');
  });

  it('writes file sizes in bytes, kB or MB', () => {
    expect(fileSize(1)).toBe('1 byte');
    expect(fileSize(999)).toBe('999 bytes');
    expect(fileSize(12 * 1024 + 300)).toBe('12 kB');
    expect(fileSize(1536 * 1024)).toBe('1.5 MB');
  });
});
