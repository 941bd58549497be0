// The closed-list field (ListPicker): which choices answer what is typed, and the one a
// prefix completes to.
import { describe, expect, it } from 'vitest';
import { completion, matching } from '../lib/components/ListPicker.svelte';

const types = ['blunt', 'sharp', 'cold', 'corrosive', 'electric', 'fire', 'toxic'];

describe('a closed list typed into', () => {
  it('lists the choices a prefix begins first, then those holding it, in the list order', () => {
    expect(matching(types, 'co')).toEqual(['cold', 'corrosive']);
    expect(matching(types, 'ic')).toEqual(['electric', 'toxic']);
    expect(matching(types, 'S')).toEqual(['sharp', 'corrosive']);
    expect(matching(types, '  ')).toEqual(types);
  });

  it('completes a prefix that begins one choice alone, or names one outright', () => {
    expect(completion(types, 'el')).toBe('electric');
    expect(completion(types, 'FIRE')).toBe('fire');
    expect(completion(types, 'co')).toBeNull();
    expect(completion(types, 'wood')).toBeNull();
    expect(completion(['Trip', 'Take the weapon'], 't')).toBeNull();
  });
});
