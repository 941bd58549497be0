import { describe, expect, it } from 'vitest';
import { markSegments } from '../lib/marks';

const shown = (text: string, marks: [number, number][]) =>
  markSegments(text, marks)
    .map((s) => (s.mark ? `[${s.text}]` : s.text))
    .join('');

describe('markSegments', () => {
  it('counts code points, as the backend does', () => {
    expect(shown('Medusa’s Gaze', [[0, 8]])).toBe('[Medusa’s] Gaze');
    expect(shown('Tœnail of Æsir', [[0, 6], [10, 14]])).toBe('[Tœnail] of [Æsir]');
    expect(shown('𝔄𝔅 Ward', [[3, 7]])).toBe('𝔄𝔅 [Ward]');
  });

  it('merges overlapping marks and keeps the text whole', () => {
    expect(shown('Chain Mail', [[6, 10], [0, 5], [1, 3]])).toBe('[Chain] [Mail]');
    expect(shown('Chain Mail', [[0, 5], [3, 8]])).toBe('[Chain Ma]il');
    expect(shown('', [[0, 1]])).toBe('');
    expect(shown('Toad', [])).toBe('Toad');
  });
});
