import { fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it, vi } from 'vitest';
import App from '../App.svelte';
import { toTomeError } from '../lib/api';
import type { PackInfo } from '../lib/bindings/PackInfo';
import { catalog } from '../lib/catalog.svelte';
import CharacterPage from '../lib/components/CharacterPage.svelte';
import SearchBox from '../lib/components/SearchBox.svelte';
import { parseHash } from '../lib/router';
import { backend, expectSaid, installBackend, settle } from './backend';

const SPEAR = 'ars-magica/weapon/hearth-and-blade--boar-spear';
const SOAKED = 'mythcraft/condition/hearth-and-blade--soaked';
const SYSTEMS = ['ars-magica', 'mythcraft', 'amtgard', 'mlaf', 'primal-wild'];

async function open(hash: string) {
  window.location.hash = hash;
  render(App);
  await settle(10);
}

async function go(hash: string) {
  window.location.hash = hash;
  window.dispatchEvent(new HashChangeEvent('hashchange'));
  await settle(10);
}

/** Installs the example pack and a document straight in the backend. */
function installContent(title = 'House Rules') {
  backend('import_pack', { folder: true });
  backend('import_text', { system: 'mythcraft', title });
}

const sidebarCount = (system: string) =>
  document.querySelector(`[data-testid="nav-system"][data-system="${system}"] .count`)?.textContent;

/** No live markup anywhere in what was rendered. */
function assertInert(root: HTMLElement = document.body) {
  expect(root.querySelectorAll('script, img, iframe, object, embed, math, marquee, details').length).toBe(0);
  for (const el of root.querySelectorAll('*')) {
    for (const a of el.attributes) {
      expect(a.name.startsWith('on'), `${el.localName}[${a.name}]`).toBe(false);
      expect(/^\s*javascript:/i.test(a.value), `${el.localName}[${a.name}=${a.value}]`).toBe(false);
    }
  }
}

describe('your content page', () => {
  it('is a top-level page, reached from the top bar and the start page', async () => {
    installBackend();
    await open('#/');
    expect(screen.getByTestId('nav-content').getAttribute('href')).toBe('#/content');
    expect(screen.getByTestId('home-content').getAttribute('href')).toBe('#/content');
    expect(parseHash('#/content')).toEqual({ name: 'content' });
    await go('#/content');
    expect(screen.getByTestId('content-page')).toBeTruthy();
    expect(screen.getByTestId('nav-content').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('packs-empty')).toBeTruthy();
    expect(screen.getByTestId('docs-empty')).toBeTruthy();
    expect(document.title).toBe('Your content — Tome');
  });

  it('imports a pack folder, lists it, and counts its entries in the sidebar', async () => {
    const calls = installBackend();
    await open('#/content');
    expect(sidebarCount('ars-magica')).toBe('112');
    await fireEvent.click(screen.getByTestId('import-pack-folder'));
    await settle(10);
    expect(calls.find((c) => c.cmd === 'import_pack')!.args).toEqual({ folder: true });
    expect(screen.getByTestId('pack-notice').textContent).toContain('Imported Hearth and Blade 1.0.0: 6 entries for Ars Magica, MythCraft, MLAF (Blood Bowl).');
    const row = screen.getByTestId('pack-row');
    expect(row.dataset.name).toBe('hearth-and-blade');
    expect(within(row).getByTestId('pack-title').textContent).toBe('Hearth and Blade');
    expect(within(row).getByTestId('pack-version').textContent).toBe('1.0.0');
    expect(within(row).getByTestId('pack-author').textContent).toBe('The Tuesday Night Table');
    expect(within(row).getByTestId('pack-entries').dataset.count).toBe('6');
    expect(row.textContent).toContain('pack: hearth-and-blade');
    expect(row.textContent).toContain('Gear, a weather condition');
    expect(row.textContent).toMatch(/imported (just now|.*\d{2}:\d{2})/);
    expect([...row.querySelectorAll('.badge.system')].map((b) => b.textContent)).toEqual(['Ars Magica', 'MythCraft', 'MLAF (Blood Bowl)']);
    // The lists were read again: the sidebar counts the pack's entries (three for Ars Magica).
    await waitFor(() => expect(sidebarCount('ars-magica')).toBe('115'));
    expect(catalog.item(SPEAR)?.pack).toBe('hearth-and-blade');
  });

  it('imports a single-file pack through the file picker; a cancelled picker changes nothing', async () => {
    const answers: unknown[] = [null];
    const calls = installBackend({
      import_pack: (args) => (answers.length ? answers.shift() : backend('import_pack', args)),
    });
    await open('#/content');
    await fireEvent.click(screen.getByTestId('import-pack-file'));
    await settle(10);
    expect(calls.filter((c) => c.cmd === 'import_pack').map((c) => c.args)).toEqual([{ folder: false }]);
    expect(screen.queryByTestId('pack-notice')).toBeNull();
    expect(screen.queryByTestId('pack-error')).toBeNull();
    expect(screen.getByTestId('packs-empty')).toBeTruthy();
    await fireEvent.click(screen.getByTestId('import-pack-file'));
    await settle(10);
    expect(screen.getByTestId('pack-row').dataset.name).toBe('fireside-tables');
  });

  it('shows every problem of a refused pack by file and line, as text', async () => {
    installBackend({
      import_pack: () => {
        throw {
          code: 'content_invalid',
          message: 'broken cannot be imported; nothing was changed (3 problems)',
          problems: [
            { file: 'broken/ars-magica/weapons.toml', line: 13, message: 'unknown field `sharpness`' },
            { file: 'broken/pack.toml', line: 1, message: 'system `pathfinder` is not one Tome has' },
            { file: 'broken/stray.toml', line: null, message: '<img src=x onerror=alert(1)> belongs in a system folder' },
          ],
        };
      },
    });
    await open('#/content');
    await fireEvent.click(screen.getByTestId('import-pack-folder'));
    await settle(10);
    const panel = screen.getByTestId('pack-error');
    expectSaid(panel, 'content_invalid', 'nothing was changed (3 problems)');
    expect(panel.getAttribute('role')).toBe('alert');
    const problems = screen.getAllByTestId('pack-problem');
    expect(problems.map((p) => p.querySelector('.where')?.textContent)).toEqual([
      'broken/ars-magica/weapons.toml:13',
      'broken/pack.toml:1',
      'broken/stray.toml',
    ]);
    expect(problems.map((p) => [p.dataset.file, p.dataset.line])).toEqual([
      ['broken/ars-magica/weapons.toml', '13'],
      ['broken/pack.toml', '1'],
      ['broken/stray.toml', ''],
    ]);
    expect(problems[2].textContent).toContain('<img src=x onerror=alert(1)> belongs in a system folder');
    assertInert(panel);
    expect(screen.getByTestId('packs-empty')).toBeTruthy();
    // Dismissed, it goes.
    await fireEvent.click(within(panel).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('pack-error')).toBeNull();
  });

  it('shows a hostile manifest as plain text', async () => {
    const hostile: PackInfo = {
      name: 'hostile',
      title: "<script>alert('pack title')</script>Hostile Pack",
      version: "1.0 <b onmouseover=alert('version')>",
      author: "<img src=x onerror=alert('author')>",
      systems: ['ars-magica'],
      description: "[click me](javascript:alert('description'))",
      entries: 4,
      imported_at: 1_700_000_000,
    };
    installBackend({ packs: () => [hostile] });
    await open('#/content');
    const row = screen.getByTestId('pack-row');
    expect(within(row).getByTestId('pack-title').textContent).toBe(hostile.title);
    expect(within(row).getByTestId('pack-version').textContent).toBe(hostile.version);
    expect(within(row).getByTestId('pack-author').textContent).toBe(hostile.author);
    expect(row.textContent).toContain(hostile.description);
    assertInert(row);
  });

  it('asks before removing a pack; Cancel keeps it, Remove takes it and its entries away', async () => {
    installContent();
    const calls = installBackend();
    await open('#/content');
    expect(sidebarCount('ars-magica')).toBe('115');
    await fireEvent.click(screen.getByTestId('remove-pack'));
    const dialog = screen.getByTestId('remove-dialog');
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(dialog.textContent).toContain('Remove the pack hearth-and-blade?');
    expect(dialog.textContent).toContain('6 entries');
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('remove-dialog')).toBeNull();
    expect(calls.some((c) => c.cmd === 'remove_pack')).toBe(false);
    await fireEvent.click(screen.getByTestId('remove-pack'));
    await fireEvent.click(screen.getByTestId('confirm-remove'));
    await settle(10);
    expect(calls.find((c) => c.cmd === 'remove_pack')!.args).toEqual({ name: 'hearth-and-blade' });
    expect(screen.queryByTestId('remove-dialog')).toBeNull();
    expect(screen.getByTestId('remove-notice').textContent).toContain('Removed the pack Hearth and Blade (hearth-and-blade) and its 6 entries.');
    expect(screen.getByTestId('packs-empty')).toBeTruthy();
    await waitFor(() => expect(sidebarCount('ars-magica')).toBe('112'));
  });

  it('keeps the pack and says why when the core refuses to remove it', async () => {
    installContent();
    installBackend({
      remove_pack: () => {
        throw { code: 'invalid_input', message: 'pack `hearth-and-blade` cannot be removed: character sheets use its entries: Aldo (Boar Spear).' };
      },
    });
    await open('#/content');
    await fireEvent.click(screen.getByTestId('remove-pack'));
    await fireEvent.click(screen.getByTestId('confirm-remove'));
    await settle(10);
    const error = screen.getByTestId('remove-error');
    expectSaid(error, 'invalid_input', 'Aldo (Boar Spear)');
    expect(screen.getByTestId('remove-dialog')).toBeTruthy();
    expect(screen.getByTestId('pack-row')).toBeTruthy();
  });

  it('imports rulebook text for the chosen system, with an optional title, and lists it', async () => {
    const calls = installBackend();
    await open('#/content');
    const system = screen.getByTestId('import-text-system') as HTMLSelectElement;
    expect([...system.options].map((o) => o.value)).toEqual(SYSTEMS);
    expect(system.value).toBe('ars-magica');
    await fireEvent.change(system, { target: { value: 'mythcraft' } });
    await fireEvent.input(screen.getByTestId('import-text-title'), { target: { value: '  Lantern Road  ' } });
    await fireEvent.click(screen.getByTestId('import-text'));
    await settle(10);
    expect(calls.find((c) => c.cmd === 'import_text')!.args).toEqual({ system: 'mythcraft', title: 'Lantern Road' });
    const notice = screen.getByTestId('doc-notice');
    expect(notice.textContent!.replace(/\s+/g, ' ')).toContain('Imported Lantern Road for MythCraft: 7 sections, read as Markdown.');
    const links = [...notice.querySelectorAll<HTMLAnchorElement>('a[data-entry-link]')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '#/entry/mythcraft/section/lantern-road--skirmishes-on-the-lantern-road',
      '#/entry/mythcraft/section/lantern-road--initiative',
      '#/entry/mythcraft/section/lantern-road--attacks',
      '#/entry/mythcraft/section/lantern-road--cover',
      '#/entry/mythcraft/section/lantern-road--called-shots',
      '#/entry/mythcraft/section/lantern-road--healing',
    ]);
    const row = screen.getByTestId('doc-row');
    expect(row.dataset.id).toBe('lantern-road');
    expect(within(row).getByTestId('doc-title').textContent).toBe('Lantern Road');
    expect(within(row).getByTestId('doc-sections').dataset.count).toBe('7');
    expect(within(row).getByTestId('doc-sections').getAttribute('href')).toBe('#/browse/mythcraft/section');
    expect(row.textContent).toContain('markdown-rules.md');
    // The title box empties; an empty title is sent as none.
    expect((screen.getByTestId('import-text-title') as HTMLInputElement).value).toBe('');
    await fireEvent.click(screen.getByTestId('import-text'));
    await settle(10);
    expect(calls.filter((c) => c.cmd === 'import_text').at(-1)!.args).toEqual({ system: 'mythcraft', title: null });
    // The sidebar lists the system's sections.
    await go('#/browse/mythcraft');
    expect(document.querySelector('[data-testid="nav-kind"][data-kind="section"][data-system="mythcraft"] .count')?.textContent).toBe('14');
  });

  it('says why a document was refused', async () => {
    installBackend({
      import_text: () => {
        throw { code: 'invalid_input', message: 'rules.pdf cannot be imported: it is not text (binary data)' };
      },
    });
    await open('#/content');
    await fireEvent.click(screen.getByTestId('import-text'));
    await settle(10);
    const error = screen.getByTestId('doc-error');
    expectSaid(error, 'invalid_input', 'it is not text');
    expect(screen.getByTestId('docs-empty')).toBeTruthy();
  });

  it('asks before removing a document', async () => {
    installContent();
    const calls = installBackend();
    await open('#/content');
    await fireEvent.click(screen.getByTestId('remove-doc'));
    expect(screen.getByTestId('remove-dialog').textContent).toContain('Remove House Rules?');
    await fireEvent.click(screen.getByTestId('confirm-remove'));
    await settle(10);
    expect(calls.find((c) => c.cmd === 'remove_doc')!.args).toEqual({ id: 'house-rules' });
    expect(screen.getByTestId('remove-notice').textContent).toContain('Removed House Rules and its 7 sections.');
    expect(screen.getByTestId('docs-empty')).toBeTruthy();
  });
});

describe('pack and document badges', () => {
  it('mark pack entries and document sections in search results', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    installContent();
    installBackend();
    await catalog.load();
    render(SearchBox);
    await fireEvent.input(screen.getByTestId('search-input'), { target: { value: 'boar spear' } });
    await vi.advanceTimersByTimeAsync(100);
    await settle();
    const spear = document.querySelector<HTMLElement>(`[data-testid="search-result"][data-id="${SPEAR}"]`)!;
    expect(spear.querySelector('[data-testid="pack-badge"]')?.textContent).toBe('pack: hearth-and-blade');
    expect(spear.querySelector('[data-testid="pack-badge"]')?.getAttribute('title')).toBe('From the homebrew pack Hearth and Blade');
    expect(spear.querySelector('.snippet')?.textContent).toContain('crossbar');
    await fireEvent.input(screen.getByTestId('search-input'), { target: { value: 'called shots' } });
    await vi.advanceTimersByTimeAsync(100);
    await settle();
    const section = document.querySelector<HTMLElement>('[data-testid="search-result"][data-id="mythcraft/section/house-rules--called-shots"]')!;
    expect(section.querySelector('[data-testid="doc-badge"]')?.textContent).toBe('from House Rules');
    expect(section.querySelector('.badge.kind')?.textContent).toBe('document section');
    expect(section.querySelector('[data-testid="pack-badge"]')).toBeNull();
    expect(section.querySelector('.snippet')?.textContent).toContain('limb');
    // Shipped entries carry neither.
    await fireEvent.input(screen.getByTestId('search-input'), { target: { value: 'sword long' } });
    await vi.advanceTimersByTimeAsync(100);
    await settle();
    const sword = document.querySelector<HTMLElement>('[data-testid="search-result"][data-id="ars-magica/weapon/sword-long"]')!;
    expect(sword.querySelector('[data-testid="pack-badge"], [data-testid="doc-badge"]')).toBeNull();
    vi.useRealTimers();
  });

  it('mark a pack entry and a section in the entry view header', async () => {
    installContent();
    installBackend();
    await open(`#/entry/${SPEAR}`);
    const view = screen.getByTestId('entry-view');
    expect(within(view).getByTestId('pack-badge').textContent).toBe('pack: hearth-and-blade');
    expect(view.querySelector('footer.source')?.textContent).toContain('Hearth and Blade');
    await go('#/entry/mythcraft/section/house-rules--called-shots');
    const section = screen.getByTestId('entry-view');
    expect(section.dataset.kind).toBe('section');
    expect(screen.getByTestId('entry-name').textContent).toBe('Called Shots');
    expect(within(section).getByTestId('doc-badge').textContent).toBe('from House Rules');
    expect(within(section).queryByTestId('pack-badge')).toBeNull();
    expect(section.querySelector('.crumbs')?.textContent).toContain('Document sections');
    expect(section.querySelector('.prose')?.textContent).toContain('hobbled');
    // A shipped entry has no badge of either.
    await go('#/entry/ars-magica/weapon/sword-long');
    expect(within(screen.getByTestId('entry-view')).queryByTestId('pack-badge')).toBeNull();
  });

  it('mark pack entries in the sortable tables and the plain lists, and sections in theirs', async () => {
    installContent();
    installBackend();
    await open('#/browse/ars-magica/weapon');
    const row = document.querySelector<HTMLElement>(`[data-testid="weapon-table"] tr[data-id="${SPEAR}"]`)!;
    expect(row.querySelector('[data-testid="pack-badge"]')?.textContent).toBe('pack: hearth-and-blade');
    expect(document.querySelectorAll('[data-testid="weapon-table"] [data-testid="pack-badge"]')).toHaveLength(2);
    await go('#/browse/mythcraft/condition');
    const item = document.querySelector<HTMLElement>(`[data-testid="entry-list"] li[data-id="${SOAKED}"]`)!;
    expect(item.querySelector('[data-testid="pack-badge"]')?.textContent).toBe('pack: hearth-and-blade');
    await go('#/browse/mythcraft/section');
    const sections = document.querySelectorAll<HTMLElement>('[data-testid="entry-list"] li');
    expect([...sections].map((s) => s.querySelector('[data-testid="doc-badge"]')?.textContent)).toEqual(Array(7).fill('from House Rules'));
  });

  it('mark pack entries in the sheet’s picker and on the sheet', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    installContent();
    installBackend();
    await catalog.load();
    const id = (backend('create_character', { system: 'ars-magica', name: 'Oswin' }) as { id: number }).id;
    render(CharacterPage, { id, tab: 'sheet' });
    await settle(10);
    const input = document.querySelector<HTMLInputElement>('[data-testid="entry-picker-input"][data-list="items"]')!;
    await fireEvent.focus(input);
    // With nothing typed, every weapon and armour is offered, the pack's marked.
    let option = document.querySelector<HTMLElement>(`[data-testid="entry-picker-option"][data-id="${SPEAR}"]`)!;
    expect(option.querySelector('[data-testid="pack-badge"]')?.textContent).toBe('pack: hearth-and-blade');
    await fireEvent.input(input, { target: { value: 'boar' } });
    await vi.advanceTimersByTimeAsync(150);
    await settle();
    option = document.querySelector<HTMLElement>(`[data-testid="entry-picker-option"][data-id="${SPEAR}"]`)!;
    expect(option.querySelector('[data-testid="pack-badge"]')?.textContent).toBe('pack: hearth-and-blade');
    expect(option.textContent).toContain('Atk +3');
    const shipped = document.querySelector<HTMLElement>('[data-testid="entry-picker-option"]:not([data-id*="--"])');
    expect(shipped?.querySelector('[data-testid="pack-badge"]') ?? null).toBeNull();
    await fireEvent.click(option);
    await settle();
    const item = document.querySelector<HTMLElement>(`[data-testid="sheet-item"][data-id="${SPEAR}"]`)!;
    expect(item.querySelector('[data-testid="pack-badge"]')?.textContent).toBe('pack: hearth-and-blade');
    vi.useRealTimers();
  });

  it('carry a refused pack’s problems on the error', () => {
    const e = toTomeError({ code: 'content_invalid', message: 'x', problems: [{ file: 'a.toml', line: 3, message: 'bad' }, { file: 'b.toml', message: 'worse' }] });
    expect(e.code).toBe('content_invalid');
    expect(e.problems).toEqual([
      { file: 'a.toml', line: 3, field: null, message: 'bad' },
      { file: 'b.toml', line: null, field: null, message: 'worse' },
    ]);
    expect(toTomeError({ code: 'io', message: 'y' }).problems).toEqual([]);
    // A refused character's problems name their field; a missing entry carries its suggestions.
    const refused = toTomeError({ code: 'invalid_input', message: 'cannot save', problems: [{ file: null, line: null, field: 'values.strength', message: 'too big' }] });
    expect(refused.problems).toEqual([{ file: null, line: null, field: 'values.strength', message: 'too big' }]);
    const missing = toTomeError({ code: 'not_found', message: 'no entry', suggestions: ['a/b/c', 7] });
    expect(missing.suggestions).toEqual(['a/b/c']);
    expect(toTomeError({ code: 'io', message: 'y' }).suggestions).toEqual([]);
    expect(toTomeError(JSON.stringify({ code: 'content_invalid', message: 'z', problems: [{ file: 'c', line: 1, message: 'm' }] })).problems).toHaveLength(1);
  });
});
