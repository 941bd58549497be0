// Turning the words that mention other entries into links.
//
// The backend lists, for each entry, the entries its summary and body mention and the
// exact words that mention them (`Entry.mentions`). Here those words become entry
// links, following the same rules the backend used to find them: case-sensitive,
// whole words only (not inside "Proneness", not "prone"), the longest name first (so
// "Shield HP" is one link, not "HP" inside it), and a one-word name at the start of a
// sentence does not count (there the capital says nothing).
//
// Only the first mention of an entry in each paragraph (list item, table cell, …) is
// linked, as a wiki does: every occurrence would turn a rule into a sea of links.
//
// Links are built with DOM calls on text nodes of already-sanitized HTML, or as
// segments for Svelte to render: text is never pasted into HTML.
import type { Mention } from './bindings/Mention';
import { href } from './router';

/** An entry id as the backend writes it: `system/kind/slug`. */
export const ENTRY_ID = /^[a-z0-9][a-z0-9-]*\/[a-z][a-z-]*\/[a-z0-9][a-z0-9-]*$/;

/** A character that continues a word, as the backend sees words. */
const WORD_CHAR = /[\p{Alphabetic}\p{N}'’]/u;

export interface Found {
  /** UTF-16 offsets in the text searched. */
  start: number;
  end: number;
  id: string;
}

/** The mentions worth linking: sane ids and names, longest name first. */
export function usableMentions(mentions: readonly Mention[] | null | undefined): Mention[] {
  return (mentions ?? [])
    .filter((m) => m && typeof m.name === 'string' && m.name.trim() !== '' && ENTRY_ID.test(m.id))
    .slice()
    .sort((a, b) => b.name.length - a.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function charBefore(text: string, at: number): string | undefined {
  if (at <= 0) return undefined;
  const cp = text.codePointAt(at - 1);
  // A low surrogate: step back to the whole character.
  if (cp !== undefined && cp >= 0xdc00 && cp <= 0xdfff && at >= 2) {
    return String.fromCodePoint(text.codePointAt(at - 2)!);
  }
  return cp === undefined ? undefined : String.fromCodePoint(cp);
}

function charAt(text: string, at: number): string | undefined {
  const cp = text.codePointAt(at);
  return cp === undefined ? undefined : String.fromCodePoint(cp);
}

function isBoundary(c: string | undefined): boolean {
  return c === undefined || !WORD_CHAR.test(c);
}

/** Whether text that ends with `before` is at the start of a sentence (or of the text). */
export function atSentenceStart(before: string): boolean {
  const trimmed = before.replace(/[ *_"“(]+$/u, '');
  return trimmed === '' || /[.!?:\n]\s*$/.test(trimmed);
}

/**
 * Where to link mentions in `text`: at most one link per entry, skipping the entries
 * in `linked` (already linked in this paragraph) and adding those it links to it.
 * `before` is the paragraph's text before `text`, for the sentence-start rule.
 * `mentions` must come from `usableMentions` (longest first).
 */
export function findMentions(text: string, mentions: readonly Mention[], before = '', linked: Set<string> = new Set()): Found[] {
  const taken = new Uint8Array(text.length);
  const found: Found[] = [];
  for (const { id, name } of mentions) {
    const oneWord = !/\s/.test(name.trim());
    let first: Found | null = null;
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      const end = at + name.length;
      if (!isBoundary(charBefore(text, at)) || !isBoundary(charAt(text, end))) continue;
      if (taken.subarray(at, end).some((t) => t === 1)) continue;
      if (oneWord && atSentenceStart(before + text.slice(0, at))) continue;
      // A longer name claims its words even where it is not linked, so "HP" is never
      // linked inside "Shield HP".
      taken.fill(1, at, end);
      first ??= { start: at, end, id };
    }
    if (first && !linked.has(id)) {
      linked.add(id);
      found.push(first);
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

export type TextPart = { text: string; id: null } | { text: string; id: string };

/** `text` cut into plain parts and mention links (for plain text such as a summary). */
export function mentionParts(text: string, mentions: readonly Mention[] | null | undefined): TextPart[] {
  const usable = usableMentions(mentions);
  const parts: TextPart[] = [];
  let at = 0;
  for (const f of usable.length ? findMentions(text, usable) : []) {
    if (f.start > at) parts.push({ text: text.slice(at, f.start), id: null });
    parts.push({ text: text.slice(f.start, f.end), id: f.id });
    at = f.end;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), id: null });
  return parts;
}

/** Elements whose text is never linked. */
const SKIP = 'a, code, pre, kbd, h1, h2, h3, h4, h5, h6';
/** Elements that make a paragraph of their own. */
const BLOCK = 'p, li, td, th, dt, dd, blockquote, h1, h2, h3, h4, h5, h6';

/** Builds an entry link the way the rest of the UI writes them. */
function entryLink(doc: Document, id: string, text: string): HTMLAnchorElement {
  const a = doc.createElement('a');
  a.setAttribute('href', href.entry(id));
  a.setAttribute('data-entry-link', '');
  a.setAttribute('data-id', id);
  a.textContent = text;
  return a;
}

/**
 * Links the mentions in the text of `root` (sanitized HTML, in place): whole words,
 * first per paragraph, never inside a link, code or heading.
 */
export function linkMentions(root: Element, mentions: readonly Mention[] | null | undefined): void {
  const usable = usableMentions(mentions);
  if (usable.length === 0) return;
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, 0x4 /* NodeFilter.SHOW_TEXT */);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);

  /** The paragraph a node belongs to: its nearest block element inside root, or root. */
  const blockElement = (node: Node): Element => {
    const b = node.parentElement?.closest(BLOCK);
    return b && root.contains(b) ? b : root;
  };
  const blocks = new Map<Element, { before: string; linked: Set<string> }>();
  const blockOf = (node: Node): { before: string; linked: Set<string> } => {
    const block = blockElement(node);
    let state = blocks.get(block);
    if (!state) {
      // Entries the paragraph already links to by hand are not linked again.
      const linked = new Set<string>();
      for (const a of block.querySelectorAll('a[data-entry-link][data-id]')) {
        if (blockElement(a) === block) linked.add(a.getAttribute('data-id')!);
      }
      state = { before: '', linked };
      blocks.set(block, state);
    }
    return state;
  };

  for (const node of texts) {
    const text = node.data;
    const state = blockOf(node);
    const skipped = node.parentElement?.closest(SKIP);
    if (!skipped || !root.contains(skipped)) {
      const found = findMentions(text, usable, state.before, state.linked);
      if (found.length) {
        const frag = doc.createDocumentFragment();
        let at = 0;
        for (const f of found) {
          if (f.start > at) frag.appendChild(doc.createTextNode(text.slice(at, f.start)));
          frag.appendChild(entryLink(doc, f.id, text.slice(f.start, f.end)));
          at = f.end;
        }
        if (at < text.length) frag.appendChild(doc.createTextNode(text.slice(at)));
        node.replaceWith(frag);
      }
    }
    state.before += text;
  }
}
