import { describe, expect, it } from 'vitest';
import { api, onDatabaseError, TomeError, toTomeError } from '../lib/api';
import { installBackend } from './backend';

describe('api wrapper', () => {
  it('sends each command with its arguments named as the Rust side expects', async () => {
    const calls = installBackend();
    await api.systems();
    await api.listEntries('weapon', 'ars-magica');
    await api.showEntry('mythcraft/condition/broken');
    await api.getTable('mlaf/table/spell-table');
    await api.rollTable('mlaf/table/spell-table');
    await api.search('stunned', { kind: 'condition', limit: 5 });
    expect(calls).toEqual([
      { cmd: 'systems', args: {} },
      { cmd: 'list_entries', args: { kind: 'weapon', system: 'ars-magica' } },
      { cmd: 'show_entry', args: { id: 'mythcraft/condition/broken' } },
      { cmd: 'get_table', args: { id: 'mlaf/table/spell-table' } },
      { cmd: 'roll_table', args: { id: 'mlaf/table/spell-table' } },
      { cmd: 'search', args: { query: 'stunned', system: null, kind: 'condition', limit: 5 } },
    ]);
  });

  it('sends the calculator commands and rejects bad input with its code', async () => {
    const calls = installBackend();
    const all = await api.calculators();
    expect(all.some((c) => c.system === 'ars-magica' && c.name === 'encumbrance')).toBe(true);
    const outcome = await api.calculate('ars-magica', 'encumbrance', { load: '9', strength: '1' });
    expect(outcome.fields).toEqual([
      ['burden', 3],
      ['encumbrance', 2],
    ]);
    expect(calls.at(-1)).toEqual({
      cmd: 'calculate',
      args: { system: 'ars-magica', name: 'encumbrance', values: { load: '9', strength: '1' } },
    });
    const error = await api.calculate('ars-magica', 'encumbrance', { load: '9', strength: '99' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TomeError);
    expect((error as TomeError).code).toBe('invalid_input');
  });

  it('returns what the backend answers', async () => {
    installBackend();
    const entry = await api.showEntry('mythcraft/condition/broken');
    expect(entry.name).toBe('Broken');
    expect(entry.links).toContain('mythcraft/condition/frightened');
    const weapons = await api.listEntries('weapon', 'ars-magica');
    expect(weapons.map((w) => w.name)).toContain('Mace and Chain');
  });

  it('surfaces the ErrorPayload code of a failed call', async () => {
    installBackend({
      show_entry: () => {
        throw { code: 'not_found', message: 'no entry with id `x/y/z`' };
      },
      systems: () => {
        throw { code: 'database', message: 'database is locked' };
      },
    });
    const missing = await api.showEntry('x/y/z').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(TomeError);
    expect((missing as TomeError).code).toBe('not_found');
    await expect(api.systems()).rejects.toMatchObject({ code: 'database', message: 'database is locked' });
  });

  it('turns anything else into an "unknown" error', () => {
    expect(toTomeError('command show_entry missing required key id').code).toBe('unknown');
    expect(toTomeError(new TypeError('no backend')).code).toBe('unknown');
    expect(toTomeError({ code: 'teapot', message: 'x' }).code).toBe('unknown');
    expect(toTomeError(JSON.stringify({ code: 'io', message: 'disk' })).code).toBe('io');
  });
});

describe('database errors', () => {
  it('tell the listener of every `database` answer, and of no other code', async () => {
    const damaged = {
      code: 'database',
      message: 'database /x/tome.db cannot be used: it is damaged (character 3 cannot be read: …)',
    };
    installBackend({
      show_entry: () => {
        throw damaged;
      },
      get_table: () => {
        throw { code: 'not_found', message: 'no table with id `x`' };
      },
    });
    const heard: TomeError[] = [];
    onDatabaseError((e) => heard.push(e));
    try {
      await api.getTable('x').catch(() => null);
      expect(heard).toEqual([]);
      const error = await api.showEntry('a/b/c').catch((e: unknown) => e);
      expect((error as TomeError).code).toBe('database');
      expect(heard.map((e) => e.code)).toEqual(['database']);
    } finally {
      onDatabaseError(null);
    }
  });
});
