// Issue 44: "all 1 of its revisions", "Every maneuvers": a count and its noun from one helper.
import { describe, expect, it } from 'vitest';
import { plural } from '../lib/words';

describe('words', () => {
  it('says one and many', () => {
    expect(plural(1, 'revision')).toBe('1 revision');
    expect(plural(3, 'revision')).toBe('3 revisions');
    expect(plural(0, 'entry', 'entries')).toBe('0 entries');
  });
});
