// Splits text at the ranges the search backend marked, so the matched words can be
// shown as <mark> elements built from text (never HTML). The backend does the
// matching (typo-tolerant, so the typed words need not appear in the text); the UI
// only cuts where it is told.

export interface Segment {
  text: string;
  mark: boolean;
}

/**
 * `text` cut at `marks`: `[start, end)` ranges in Unicode code points (what Rust
 * counts as chars), not UTF-16 units, so "Medusa’s" and "Tœnail" cut in the right
 * place. Ranges that are out of bounds, empty or not whole numbers are ignored;
 * overlapping ones are merged.
 */
export function markSegments(text: string, marks: readonly (readonly [number, number])[] | null | undefined): Segment[] {
  const chars = Array.from(text);
  const ranges = (marks ?? [])
    .filter(
      (m) =>
        Array.isArray(m) &&
        Number.isInteger(m[0]) &&
        Number.isInteger(m[1]) &&
        m[0] < m[1] &&
        m[1] > 0 &&
        m[0] < chars.length,
    )
    .map(([s, e]) => [Math.max(0, s), Math.min(chars.length, e)] as [number, number])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);

  const merged: [number, number][] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && r[0] < last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push([r[0], r[1]]);
  }

  const out: Segment[] = [];
  let at = 0;
  for (const [s, e] of merged) {
    if (s > at) out.push({ text: chars.slice(at, s).join(''), mark: false });
    out.push({ text: chars.slice(s, e).join(''), mark: true });
    at = e;
  }
  if (at < chars.length || out.length === 0) out.push({ text: chars.slice(at).join(''), mark: false });
  return out;
}
