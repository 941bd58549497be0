// A stand-in for Tome's Rust commands over the sample in mock-data.ts: used by
// the tests (through mockIPC) and by `npm run dev` in a plain browser.
import type { DiceRoll } from './bindings/DiceRoll';
import type { Entry } from './bindings/Entry';
import type { ErrorPayload } from './bindings/ErrorPayload';
import type { ListItem } from './bindings/ListItem';
import type { SearchHit } from './bindings/SearchHit';
import type { System } from './bindings/System';
import type { Table } from './bindings/Table';
import type { TableRoll } from './bindings/TableRoll';
import { isKind } from './format';
import { mockCalculate, mockCalculators } from './mock-calc';
import { mockCharacterCommand, NOT_MINE } from './mock-characters';
import { contentEntries, mockContentCommand, NOT_CONTENT } from './mock-content';
import { mockEntries, mockSystems, mockTables } from './mock-data';

/** The sample's entries, then those of imported packs and documents. */
export function allEntries(): Entry[] {
  const extra = contentEntries();
  return extra.length === 0 ? mockEntries : [...mockEntries, ...extra];
}

/** The systems, their counts including pack entries (as the core counts them; sections are not entries). */
function systems(): System[] {
  const extra = contentEntries().filter((e) => e.pack);
  if (extra.length === 0) return mockSystems;
  return mockSystems.map((s) => ({ ...s, entries: s.entries + extra.filter((e) => e.system === s.id).length }));
}

/** Like the core's: with the ids of entries named like the id's words (together, else each alone, longest first). */
export function notFound(id: string): ErrorPayload {
  const words = (id.split('/').pop() ?? id).replace(/-/g, ' ').trim();
  const alone = [...new Set(words.split(/\s+/).filter((w) => w.length > 2))].sort((a, b) => b.length - a.length);
  let suggestions: string[] = [];
  for (const q of [words, ...alone]) {
    suggestions = mockSearch(q, null, null, 5).filter((h) => h.matched === 'name' || h.matched === 'alias').map((h) => h.id);
    if (suggestions.length) break;
  }
  const hint = suggestions.length ? `; did you mean one of: ${suggestions.join(', ')}?` : '';
  return { code: 'not_found', message: `no entry with id \`${id}\`${hint}`, ...(suggestions.length ? { suggestions } : {}) };
}

export function toListItem(e: Entry): ListItem {
  const item = { id: e.id, name: e.name, system: e.system, kind: e.kind, summary: e.summary, ...(e.detail ?? {}) } as ListItem;
  if (e.pack) item.pack = e.pack;
  return item;
}

// The search below imitates the Rust core's (src/search) closely enough for the UI:
// filters (`sys:`, `kind:`/`in:`), words matched whole, as a prefix (the last one) or
// with one typo, snippets with the matched words as code-point ranges.

const MAX_QUERY_CHARS = 256;
const MAX_WORDS = 8;
const SNIPPET_CHARS = 160;

/** Lower-cased words, apostrophes dropped ("Medusa’s" → "medusas"), like the core's `words`. */
function words(text: string): string[] {
  return text
    .split(/[^\p{Alphabetic}\p{N}'’]+/u)
    .map((w) => w.replace(/['’]/g, '').toLowerCase())
    .filter((w) => w !== '');
}

interface MockQuery {
  words: string[];
  lastIsPrefix: boolean;
  system: string | null;
  kind: string | null;
}

function parseQuery(input: string): MockQuery {
  const text = Array.from(input).slice(0, MAX_QUERY_CHARS).join('');
  const q: MockQuery = { words: [], lastIsPrefix: !/\s$/u.test(text), system: null, kind: null };
  for (const token of text.split(/\s+/u).filter(Boolean)) {
    const colon = token.indexOf(':');
    if (colon > 0) {
      const key = token.slice(0, colon).toLowerCase();
      const value = token.slice(colon + 1).replace(/^[^\p{Alphabetic}\p{N}-]+|[^\p{Alphabetic}\p{N}-]+$/gu, '');
      if ((key === 'sys' || key === 'system') && value) {
        q.system = value.toLowerCase();
        continue;
      }
      if ((key === 'kind' || key === 'in') && isKind(value)) {
        q.kind = value;
        continue;
      }
    }
    q.words.push(...words(token));
  }
  q.words = q.words.slice(0, MAX_WORDS);
  return q;
}

/** Whether two words are at most one edit apart (a swap of neighbours counts as one). */
function oneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swap
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i);
}

/** Whether a word of the text answers a query word (`prefix`: the word being typed). */
function wordMatches(textWord: string, queryWord: string, prefix: boolean): boolean {
  if (textWord === queryWord) return true;
  if (prefix && textWord.startsWith(queryWord)) return true;
  return queryWord.length >= 4 && oneEdit(textWord, queryWord);
}

function matcher(q: MockQuery): (w: string) => boolean {
  return (w) => q.words.some((qw, i) => wordMatches(w, qw, q.lastIsPrefix && i === q.words.length - 1));
}

function allWordsIn(text: string, q: MockQuery): boolean {
  const ws = words(text);
  return q.words.every((qw, i) => ws.some((w) => wordMatches(w, qw, q.lastIsPrefix && i === q.words.length - 1)));
}

/** Each word's [start, end) in code points, and the word normalized. */
function wordSpans(chars: string[]): [number, number, string][] {
  const out: [number, number, string][] = [];
  let i = 0;
  while (i < chars.length) {
    if (/[\p{Alphabetic}\p{N}]/u.test(chars[i])) {
      const s = i;
      while (i < chars.length && /[\p{Alphabetic}\p{N}'’]/u.test(chars[i])) i++;
      out.push([s, i, words(chars.slice(s, i).join(''))[0] ?? '']);
    } else {
      i++;
    }
  }
  return out;
}

/** A snippet of `text` around the first matching word, with every matching word marked. */
function around(text: string, matches: (w: string) => boolean): { snippet: string; marks: [number, number][] } {
  const flat = Array.from(text.split(/\s+/u).filter(Boolean).join(' ').replace(/[*#`>]/g, ''));
  const marks = wordSpans(flat)
    .filter(([, , w]) => matches(w))
    .map(([s, e]) => [s, e] as [number, number]);
  const first = marks[0]?.[0] ?? 0;
  let start = first < SNIPPET_CHARS / 2 ? 0 : first - SNIPPET_CHARS / 4;
  while (start > 0 && /[\p{Alphabetic}\p{N}]/u.test(flat[start - 1])) start--;
  const end = Math.min(flat.length, start + SNIPPET_CHARS);
  const offset = start > 0 ? 1 : 0;
  return {
    snippet: (start > 0 ? '…' : '') + flat.slice(start, end).join('') + (end < flat.length ? '…' : ''),
    marks: marks.filter(([s, e]) => s >= start && e <= end).map(([s, e]) => [s - start + offset, e - start + offset]),
  };
}

export function mockSearch(query: string, system: string | null, kind: string | null, limit: number | null): SearchHit[] {
  const q = parseQuery(query);
  if ((system && q.system && system !== q.system) || (kind && q.kind && kind !== q.kind)) return [];
  const sys = system ?? q.system;
  const knd = kind ?? q.kind;
  if (q.words.length === 0) return [];
  const matches = matcher(q);
  const hits: SearchHit[] = [];
  for (const e of allEntries()) {
    if ((sys && e.system !== sys) || (knd && e.kind !== knd)) continue;
    const fields: [string, string[], number][] = [
      ['name', [e.name], 900],
      ['alias', e.aliases, 700],
      ['summary', [e.summary], 400],
      ['body', [e.body], 100],
    ];
    const match = fields.find(([, texts]) => texts.some((t) => allWordsIn(t, q)));
    if (!match) continue;
    const [matched, , tier] = match;
    const { snippet, marks } = around(matched === 'body' || e.summary === '' ? e.body : e.summary, matches);
    hits.push({
      ...(e.pack ? { pack: e.pack } : {}),
      id: e.id,
      name: e.name,
      kind: e.kind,
      system: e.system,
      snippet,
      marks,
      name_marks: matched === 'body' ? [] : around(e.name, matches).marks,
      matched,
      score: tier - Array.from(e.name).length,
    });
  }
  hits.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return hits.slice(0, Math.max(1, Math.min(limit ?? 20, 100)));
}

export function mockRoll(table: Table, faces?: number[]): TableRoll {
  const [count, sides] = (table.dice ?? '1d6').toLowerCase().split('d').map(Number);
  const rolled = faces ?? Array.from({ length: count || 1 }, () => 1 + Math.floor(Math.random() * (sides || 6)));
  const total = rolled.reduce((a, b) => a + b, 0);
  const row = table.rows.findIndex((r) => r.roll !== null && r.roll[0] <= total && total <= r.roll[1]);
  return { roll: { dice: table.dice ?? '', faces: rolled, total }, row };
}

/** A whole number from `min` to `max`. */
function between(min: number, max: number): number {
  return min + Math.floor(Math.random() * (max - min + 1));
}

/**
 * Rolls a dice spec like the core's `roll_spec` (src/dice.rs): "NdM"/"dM" (1 to 100 dice
 * of 2 to 1000 sides), "stress" (one botch die on a 0) or "simple"; anything else throws
 * `invalid_input` with the core's message.
 */
export function mockRollDice(spec: string): DiceRoll {
  const s = spec.trim().toLowerCase();
  if (s === 'stress') {
    const faces = [between(0, 9)];
    while (faces[faces.length - 1] === 1 && faces.length <= 10) faces.push(between(0, 9));
    const last = faces[faces.length - 1];
    if (faces.length === 1 && last === 0) {
      const botch_dice = [between(0, 9)];
      return { dice: 'stress', faces, total: 0, botch_dice, botches: botch_dice.filter((d) => d === 0).length };
    }
    const total = faces.length > 1 ? 2 ** (faces.length - 1) * (last === 0 ? 10 : last) : last;
    return { dice: 'stress', faces, total, botch_dice: [], botches: 0 };
  }
  if (s === 'simple') {
    const face = between(1, 10);
    return { dice: 'simple', faces: [face], total: face, botch_dice: [], botches: 0 };
  }
  const m = /^(\d*)d(\d+)$/.exec(s);
  const count = m ? (m[1] === '' ? 1 : Number(m[1])) : NaN;
  const sides = m ? Number(m[2]) : NaN;
  if (!(count >= 1 && count <= 100 && sides >= 2 && sides <= 1000)) {
    throw {
      code: 'invalid_input',
      message: `dice \`${s}\` must look like "3d6" or "d20" (1 to 100 dice of 2 to 1000 sides), or "stress" or "simple"`,
    } satisfies ErrorPayload;
  }
  const faces = Array.from({ length: count }, () => between(1, sides));
  return { dice: `${count}d${sides}`, faces, total: faces.reduce((a, b) => a + b, 0), botch_dice: [], botches: 0 };
}

type Args = Record<string, unknown> | undefined;

/** Answers one IPC command like the Rust core would; throws an ErrorPayload on failure. */
export function mockHandler(cmd: string, args: Args): unknown {
  const a = (args ?? {}) as Record<string, unknown>;
  switch (cmd) {
    case 'systems':
      return systems();
    case 'list_entries':
      return allEntries()
        .filter((e) => e.kind === a.kind && (a.system == null || e.system === a.system))
        .map(toListItem);
    case 'show_entry': {
      const e = allEntries().find((x) => x.id === a.id);
      if (!e) throw notFound(String(a.id));
      return e;
    }
    case 'get_table': {
      const t = mockTables.find((x) => x.id === a.id);
      if (!t) throw notFound(String(a.id));
      return t;
    }
    case 'roll_table': {
      const t = mockTables.find((x) => x.id === a.id);
      if (!t) throw notFound(String(a.id));
      if (!t.dice) throw { code: 'invalid_input', message: `${t.id} is a lookup table, not a roll table` } satisfies ErrorPayload;
      return mockRoll(t);
    }
    case 'search':
      return mockSearch(
        String(a.query ?? ''),
        (a.system as string | null) ?? null,
        (a.kind as string | null) ?? null,
        (a.limit as number | null) ?? null,
      );
    case 'calculators':
      return mockCalculators;
    case 'calculate':
      return mockCalculate(String(a.system), String(a.name), (a.values ?? {}) as Record<string, string>);
    case 'roll_dice':
      return mockRollDice(String(a.dice ?? ''));
    default: {
      const answer = mockCharacterCommand(cmd, a);
      if (answer !== NOT_MINE) return answer;
      const content = mockContentCommand(cmd, a, mockSystems.map((s) => s.id));
      if (content !== NOT_CONTENT) return content;
      throw { code: 'invalid_input', message: `unknown command ${cmd}` } satisfies ErrorPayload;
    }
  }
}
