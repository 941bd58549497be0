// Entry bodies are Markdown. They are rendered with marked and then cleaned by
// DOMPurify with a strict allow-list before they reach the page: no scripts,
// styles, frames, forms, images or event handlers, and links only inside Tome.
// The core has already written the words that mention other entries as links.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { href } from './router';

/** An entry id as the core writes them: `system/kind/slug`. */
export const ENTRY_ID = /^[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/;

const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  walkTokens(token) {
    // The entry's name is the page's only h1: a heading in a body starts at h2.
    if (token.type === 'heading') token.depth = Math.min(token.depth + 1, 6);
  },
});

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'strong', 'em', 'b', 'i', 'del', 's', 'code', 'pre', 'blockquote', 'sub', 'sup',
  'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'h5', 'h6',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a',
];
const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan'];

const purify = DOMPurify(typeof window === 'undefined' ? undefined : window);

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.nodeName !== 'A') return;
  const element = node as Element;
  const target = linkTarget(element.getAttribute('href'));
  for (const name of ['data-entry-link', 'data-id', 'target']) element.removeAttribute(name);
  if (target === null) {
    element.removeAttribute('href');
    return;
  }
  element.setAttribute('href', target.href);
  if (target.entryId) {
    element.setAttribute('data-entry-link', '');
    element.setAttribute('data-id', target.entryId);
  }
});

/**
 * Where a link in a body may go: another entry (`#/entry/<id>`, or a bare id),
 * another page of Tome (`#/…`), or a relative path. Anything with a scheme or a
 * host (`javascript:`, `https://…`, `//host`) is dropped.
 */
export function linkTarget(raw: string | null): { href: string; entryId: string | null } | null {
  if (raw === null) return null;
  // Control characters and spaces are how `java\tscript:` sneaks past naive checks.
  // eslint-disable-next-line no-control-regex
  const value = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (value === '') return null;
  if (value.startsWith('#/entry/')) {
    const id = safeDecode(value.slice('#/entry/'.length));
    return ENTRY_ID.test(id) ? { href: href.entry(id), entryId: id } : null;
  }
  if (value.startsWith('#/')) return { href: value, entryId: null };
  if (ENTRY_ID.test(value)) return { href: href.entry(value), entryId: value };
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//') || value.startsWith('\\')) return null;
  if (value.startsWith('#')) return { href: value, entryId: null };
  return { href: value, entryId: null };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Markdown to HTML that is safe to insert with {@html}. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source) as string;
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    KEEP_CONTENT: true,
  });
}
