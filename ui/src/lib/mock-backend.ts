// A stand-in for Tome's Rust commands over the sample in mock-data.ts: used by
// the tests (through mockIPC) and by `npm run dev` in a plain browser.
import type { Entry } from './bindings/Entry';
import type { ErrorPayload } from './bindings/ErrorPayload';
import type { ListItem } from './bindings/ListItem';
import type { SearchHit } from './bindings/SearchHit';
import type { System } from './bindings/System';
import type { Table } from './bindings/Table';
import type { TableRoll } from './bindings/TableRoll';
import { mockEntries, mockSystems, mockTables } from './mock-data';

export function notFound(id: string): ErrorPayload {
  return { code: 'not_found', message: `no entry with id \`${id}\`` };
}

export function toListItem(e: Entry): ListItem {
  return { id: e.id, name: e.name, system: e.system, kind: e.kind, summary: e.summary, ...(e.detail ?? {}) } as ListItem;
}

function snippet(text: string, needle: string): string {
  const i = text.toLowerCase().indexOf(needle);
  if (i < 0 || text.length <= 90) return text;
  const start = Math.max(0, i - 30);
  return (start > 0 ? '…' : '') + text.slice(start, start + 90) + (start + 90 < text.length ? '…' : '');
}

export function mockSearch(query: string, system: string | null, kind: string | null, limit: number | null): SearchHit[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const hits: (SearchHit & { rank: number })[] = [];
  for (const e of mockEntries) {
    if ((system && e.system !== system) || (kind && e.kind !== kind)) continue;
    const fields: [string, string, number][] = [
      ['name', e.name, 0],
      ['alias', e.aliases.join(', '), 1],
      ['summary', e.summary, 2],
      ['body', e.body, 3],
    ];
    const match = fields.find(([, text]) => text.toLowerCase().includes(q));
    if (!match) continue;
    const [matched, text, rank] = match;
    hits.push({
      id: e.id,
      name: e.name,
      kind: e.kind,
      system: e.system,
      snippet: matched === 'name' || matched === 'alias' ? e.summary : snippet(text, q),
      matched,
      rank,
    });
  }
  hits.sort((a, b) => a.rank - b.rank);
  return hits.slice(0, limit ?? 20).map(({ rank: _rank, ...hit }) => hit);
}

export function mockRoll(table: Table, faces?: number[]): TableRoll {
  const [count, sides] = (table.dice ?? '1d6').toLowerCase().split('d').map(Number);
  const rolled = faces ?? Array.from({ length: count || 1 }, () => 1 + Math.floor(Math.random() * (sides || 6)));
  const total = rolled.reduce((a, b) => a + b, 0);
  const row = table.rows.findIndex((r) => r.roll !== null && r.roll[0] <= total && total <= r.roll[1]);
  return { roll: { dice: table.dice ?? '', faces: rolled, total }, row };
}

type Args = Record<string, unknown> | undefined;

/** Answers one IPC command like the Rust core would; throws an ErrorPayload on failure. */
export function mockHandler(cmd: string, args: Args): unknown {
  const a = (args ?? {}) as Record<string, unknown>;
  switch (cmd) {
    case 'systems':
      return mockSystems as System[];
    case 'list_entries':
      return mockEntries
        .filter((e) => e.kind === a.kind && (a.system == null || e.system === a.system))
        .map(toListItem);
    case 'show_entry': {
      const e = mockEntries.find((x) => x.id === a.id);
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
    default:
      throw { code: 'invalid_input', message: `unknown command ${cmd}` } satisfies ErrorPayload;
  }
}
