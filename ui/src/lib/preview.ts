// Link previews: what a preview card shows of an entry (fetched once per id with
// show_entry, then kept), and where the card goes so it stays in the window.
import { api } from './api';
import type { Kind } from './bindings/Kind';

export interface Preview {
  id: string;
  name: string;
  kind: Kind;
  system: string;
  summary: string;
  /** The homebrew pack it comes from, if any. */
  pack?: string;
  /** The imported document a section comes from. */
  doc?: string;
}

const cache = new Map<string, Preview>();
const pending = new Map<string, Promise<Preview>>();

/** The preview of `id` if it has been fetched already. */
export function cachedPreview(id: string): Preview | undefined {
  return cache.get(id);
}

/** The preview of `id`: from the cache, or from one show_entry call shared by every caller. */
export function loadPreview(id: string): Promise<Preview> {
  const hit = cache.get(id);
  if (hit) return Promise.resolve(hit);
  let p = pending.get(id);
  if (!p) {
    p = api
      .showEntry(id)
      .then((e) => {
        const preview: Preview = { id: e.id, name: e.name, kind: e.kind, system: e.system, summary: e.summary };
        if (e.pack) preview.pack = e.pack;
        if (e.kind === 'section') preview.doc = e.source.document;
        cache.set(id, preview);
        return preview;
      })
      .finally(() => pending.delete(id));
    pending.set(id, p);
  }
  return p;
}

/** Forgets every preview (tests). */
export function clearPreviews(): void {
  cache.clear();
  pending.clear();
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Placement {
  left: number;
  top: number;
  /** Whether the card sits below the link (else above it). */
  below: boolean;
}

/**
 * Where a `card`-sized box goes next to `anchor` (both in viewport pixels) in a
 * `view`-sized window: below the link, or above it when there is no room below,
 * left-aligned with it, and always at least `margin` inside the window.
 */
export function placeCard(
  anchor: Box,
  card: { width: number; height: number },
  view: { width: number; height: number },
  gap = 6,
  margin = 8,
): Placement {
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(v, Math.max(lo, hi)));
  const roomBelow = view.height - margin - (anchor.bottom + gap);
  const roomAbove = anchor.top - gap - margin;
  const below = card.height <= roomBelow || roomBelow >= roomAbove;
  const top = below ? anchor.bottom + gap : anchor.top - gap - card.height;
  return {
    left: clamp(anchor.left, margin, view.width - margin - card.width),
    top: clamp(top, margin, view.height - margin - card.height),
    below,
  };
}

/**
 * Where a `card`-sized box goes beside a side `panel` (left of it), level with the
 * `anchor` row, so it covers neither the row nor the rows below it; null when the
 * window has no room there (a narrow window, where the panel is under the sheet).
 */
export function placeBeside(
  panel: Box,
  anchor: Box,
  card: { width: number; height: number },
  view: { width: number; height: number },
  gap = 8,
  margin = 8,
): Placement | null {
  const left = panel.left - gap - card.width;
  if (left < margin) return null;
  const top = Math.max(margin, Math.min(anchor.top - 6, view.height - margin - card.height));
  return { left, top, below: true };
}
