// Hash routes. Opening a page is plain hash navigation, so the webview's history
// (Back/Forward) works without any bookkeeping of our own.
import type { Kind } from './bindings/Kind';
import { isKind } from './format';

export type Route =
  | { name: 'home' }
  | { name: 'system'; system: string }
  | { name: 'browse'; system: string; kind: Kind }
  | { name: 'entry'; id: string }
  /** `#/calc` (every system) or `#/calc/<system>`: the list of calculators. */
  | { name: 'calculators'; system: string | null }
  /** `#/calc/<system>/<name>`: one calculator. */
  | { name: 'calculator'; system: string; calc: string }
  /** `#/characters`: every character, new and import. */
  | { name: 'characters' }
  /** `#/character/<id>`: one character's sheet; `#/character/<id>/history` its revisions. */
  | { name: 'character'; id: number; tab: 'sheet' | 'history' }
  /** `#/content`: the user's own content, homebrew packs and imported rulebook text. */
  | { name: 'content' }
  /** `#/encounters`: every encounter, and a new one. */
  | { name: 'encounters' }
  /** `#/encounter/<id>`: the game master's tracker of one encounter. */
  | { name: 'encounter'; id: number }
  /** `#/screen/<system>`: the game master's screen of a system, to arrange and print. */
  | { name: 'screen'; system: string }
  /** `#/adversaries`: the game master's library of adversaries, and a new one. */
  | { name: 'adversaries' }
  /** `#/adversary/<id>`: one adversary's stat block, to read and edit. */
  | { name: 'adversary'; id: number }
  /** `#/adversaries/new/<system>[/<mode>]`: a new adversary of a system (and kind of encounter). */
  | { name: 'adversary-new'; system: string; mode: string }
  | { name: 'unknown'; path: string };

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * Parses `#/`, `#/browse/<system>`, `#/browse/<system>/<kind>`, `#/entry/<system>/<kind>/<slug>`,
 * `#/calc`, `#/calc/<system>`, `#/calc/<system>/<name>`, `#/characters`, `#/character/<id>`,
 * `#/character/<id>/history`, `#/content`, `#/encounters`, `#/encounter/<id>`, `#/screen/<system>`,
 * `#/adversaries`, `#/adversaries/new/<system>[/<mode>]` and `#/adversary/<id>`.
 */
export function parseHash(hash: string): Route {
  let path = hash.startsWith('#') ? hash.slice(1) : hash;
  // Drop a query part, if anything ever adds one.
  const q = path.indexOf('?');
  if (q >= 0) path = path.slice(0, q);
  if (path === '' || path === '/') return { name: 'home' };
  if (!path.startsWith('/')) return { name: 'unknown', path };
  const parts = path.slice(1).split('/').map(decode);
  // Tolerate one trailing slash.
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  const [head, ...rest] = parts;
  if (head === 'entry' && rest.length >= 3 && rest.every((p) => p !== '')) {
    return { name: 'entry', id: rest.join('/') };
  }
  if (head === 'browse' && rest.length === 1 && rest[0] !== '') {
    return { name: 'system', system: rest[0] };
  }
  if (head === 'browse' && rest.length === 2 && rest[0] !== '' && isKind(rest[1])) {
    return { name: 'browse', system: rest[0], kind: rest[1] };
  }
  if (head === 'calc' && rest.every((p) => p !== '')) {
    if (rest.length === 0) return { name: 'calculators', system: null };
    if (rest.length === 1) return { name: 'calculators', system: rest[0] };
    if (rest.length === 2) return { name: 'calculator', system: rest[0], calc: rest[1] };
  }
  if (head === 'characters' && rest.length === 0) return { name: 'characters' };
  if (head === 'content' && rest.length === 0) return { name: 'content' };
  if (head === 'encounters' && rest.length === 0) return { name: 'encounters' };
  if (head === 'adversaries' && rest.length === 0) return { name: 'adversaries' };
  if (head === 'adversaries' && rest[0] === 'new' && (rest.length === 2 || rest.length === 3) && rest.slice(1).every((p) => p !== '')) {
    return { name: 'adversary-new', system: rest[1], mode: rest[2] ?? '' };
  }
  if (head === 'adversary' && rest.length === 1 && /^[1-9]\d{0,15}$/.test(rest[0])) {
    return { name: 'adversary', id: Number(rest[0]) };
  }
  if (head === 'screen' && rest.length === 1 && rest[0] !== '') return { name: 'screen', system: rest[0] };
  if (head === 'encounter' && rest.length === 1 && /^[1-9]\d{0,15}$/.test(rest[0])) {
    return { name: 'encounter', id: Number(rest[0]) };
  }
  if (head === 'character' && (rest.length === 1 || (rest.length === 2 && rest[1] === 'history')) && /^[1-9]\d{0,15}$/.test(rest[0])) {
    return { name: 'character', id: Number(rest[0]), tab: rest.length === 2 ? 'history' : 'sheet' };
  }
  return { name: 'unknown', path };
}

function encodeParts(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

export const href = {
  home: () => '#/',
  system: (system: string) => `#/browse/${encodeURIComponent(system)}`,
  browse: (system: string, kind: Kind) => `#/browse/${encodeURIComponent(system)}/${kind}`,
  entry: (id: string) => `#/entry/${encodeParts(id)}`,
  /** The calculators of every system, of one system, or one calculator. */
  calc: (system?: string | null, name?: string | null) =>
    system ? (name ? `#/calc/${encodeURIComponent(system)}/${encodeURIComponent(name)}` : `#/calc/${encodeURIComponent(system)}`) : '#/calc',
  characters: () => '#/characters',
  /** A character's sheet, or its history of revisions. */
  character: (id: number, tab: 'sheet' | 'history' = 'sheet') => (tab === 'history' ? `#/character/${id}/history` : `#/character/${id}`),
  /** Homebrew packs and imported rulebook text. */
  content: () => '#/content',
  encounters: () => '#/encounters',
  encounter: (id: number) => `#/encounter/${id}`,
  /** The game master's screen of a system. */
  screen: (system: string) => `#/screen/${encodeURIComponent(system)}`,
  /** The game master's library of adversaries. */
  adversaries: () => '#/adversaries',
  adversary: (id: number) => `#/adversary/${id}`,
  /** A new adversary of `system`, fighting in its `mode` (empty: the system's usual kind). */
  newAdversary: (system: string, mode = '') =>
    `#/adversaries/new/${encodeURIComponent(system)}${mode ? `/${encodeURIComponent(mode)}` : ''}`,
};

/** Goes to a page, adding it to the history. */
export function navigate(to: string): void {
  if (window.location.hash === to) return;
  window.location.hash = to;
}

/** Where a route belongs in the sidebar: its system, if it has one. */
export function routeSystem(route: Route): string | null {
  switch (route.name) {
    case 'system':
    case 'browse':
    case 'calculators':
    case 'calculator':
    case 'screen':
    case 'adversary-new':
      return route.system;
    case 'entry':
      return route.id.split('/')[0] || null;
    default:
      return null;
  }
}
