import { fireEvent, render, screen, within } from '@testing-library/svelte';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../App.svelte';
import type { Character } from '../lib/bindings/Character';
import type { CharacterView } from '../lib/bindings/CharacterView';
import type { PdfOptions } from '../lib/bindings/PdfOptions';
import { defaultPaper, loadPdfOptions, PDF_KEY, pdfFileName, savedNotice, savePdfOptions } from '../lib/pdf';
import { renderPage } from '../lib/pdf-render';
import { backend, deferred, expectSaid, installBackend, settle, type Call } from './backend';

// jsdom has no canvas and no workers: pdf.js is replaced by a stand-in that reads the
// page count and the first page's size from the PDF's text (the core's recorded PDFs,
// or `fakePdf` below).
vi.mock('../lib/pdf-render', () => ({
  renderPage: vi.fn(async (bytes: ArrayBuffer, page: number, canvas: HTMLCanvasElement) => {
    const text = new TextDecoder().decode(bytes);
    const count = /\/Count (\d+)/.exec(text);
    const box = /\/MediaBox\s*\[0 0 ([\d.]+) ([\d.]+)\]/.exec(text);
    if (!count || !box) throw new Error('Invalid PDF structure.');
    canvas.width = 100;
    canvas.height = 140;
    const pages = Number(count[1]);
    return { pages, page: Math.min(Math.max(1, page), pages), width: Number(box[1]), height: Number(box[2]) };
  }),
}));

/** Bytes that read, to the stand-in above, as a PDF of `pages` pages of `width` × `height` points. */
function fakePdf(pages: number, width: number, height: number): ArrayBuffer {
  return new TextEncoder().encode(`%PDF-1.7\n<< /Type /Pages /Count ${pages} >>\n<< /Type /Page /MediaBox [0 0 ${width} ${height}] >>\n%%EOF\n`).buffer;
}

function create(system = 'ars-magica', name = 'Brother Aldo'): number {
  return (backend('create_character', { system, name }) as { id: number }).id;
}

function stored(id: number): Character {
  return (backend('character_view', { id }) as CharacterView).character;
}

function equip(id: number, entryId: string) {
  const c = stored(id);
  const item = backend('character_item', { entryId });
  backend('save_character', { character: { ...c, items: [...c.items, item] } });
}

async function open(hash: string) {
  window.location.hash = hash;
  render(App);
  await settle(12);
}

const previews = (calls: Call[]) => calls.filter((c) => c.cmd === 'pdf_preview');
const last = <T,>(xs: T[]) => xs[xs.length - 1];
const preview = () => screen.getByTestId('pdf-preview');
const paperInput = (id: string) => screen.getAllByTestId('pdf-paper').find((r) => (r as HTMLInputElement).value === id) as HTMLInputElement;

describe('PDF helpers', () => {
  it('offers a file name from the characters’ names', () => {
    expect(pdfFileName(['Brother Aldo'])).toBe('Brother Aldo.pdf');
    expect(pdfFileName(['  Vex / the "Bold"  '])).toBe('Vex the Bold.pdf');
    expect(pdfFileName([''])).toBe('Character sheet.pdf');
    expect(pdfFileName(['Aldo', 'Vex'])).toBe('Aldo, Vex.pdf');
    const many = ['Brother Aldo', 'Vex the Bold', 'Grim Hammerhand', 'Sister Imelda', 'Tobias of Cumbria'];
    expect(pdfFileName(many)).toBe('Brother Aldo, Vex the Bold, Grim Hammerhand and 2 more.pdf');
  });

  it('picks Letter where Letter is the usual paper, A4 elsewhere', () => {
    expect(defaultPaper('en-US')).toBe('letter');
    expect(defaultPaper('fr-CA')).toBe('letter');
    expect(defaultPaper('en-GB')).toBe('a4');
    expect(defaultPaper('de')).toBe('a4');
    expect(defaultPaper(undefined)).toBe('a4');
  });

  it('remembers paper and cards, and ignores what it does not understand', () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('de-DE');
    expect(loadPdfOptions()).toEqual({ paper: 'a4', cards: true, printed: null });
    savePdfOptions({ paper: 'letter', cards: false, printed: 1700000000 });
    expect(JSON.parse(localStorage.getItem(PDF_KEY)!)).toEqual({ paper: 'letter', cards: false });
    expect(loadPdfOptions()).toEqual({ paper: 'letter', cards: false, printed: null });
    localStorage.setItem(PDF_KEY, '{"paper": "a3", "cards": "yes"}');
    expect(loadPdfOptions()).toEqual({ paper: 'a4', cards: true, printed: null });
    localStorage.setItem(PDF_KEY, 'not json');
    expect(loadPdfOptions().paper).toBe('a4');
    vi.restoreAllMocks();
  });

  it('says where a file was saved', () => {
    expect(savedNotice('/home/ana/Documents/Brother Aldo.pdf')).toBe('Saved Brother Aldo.pdf in /home/ana/Documents.');
    expect(savedNotice('/party.pdf')).toBe('Saved party.pdf in /.');
    expect(savedNotice('C:\\Users\\Ana\\party.pdf')).toBe('Saved party.pdf in C:\\Users\\Ana.');
  });

  it('the recorded preview is the core’s own PDF, which the stand-in reads', () => {
    const id = create();
    const bytes = backend<ArrayBuffer>('pdf_preview', { source: { ids: [id] }, options: { paper: 'letter', cards: false, printed: null } });
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toMatch(/\/Count \d+/);
    expect(text).toMatch(/\/MediaBox\s*\[0 0 612 792\]/);
  });
});

describe('print preview of a character', () => {
  beforeEach(() => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-GB');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows page 1 at the paper’s proportions, and again when paper or cards change', async () => {
    const calls = installBackend();
    const id = create();
    equip(id, 'ars-magica/armor/chain-mail');
    await open(`#/character/${id}`);
    await fireEvent.click(screen.getByTestId('print-character'));
    await settle(10);

    const dialog = screen.getByTestId('pdf-dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('heading').textContent).toBe('Print preview');
    // What is on screen is printed, not a saved id.
    const first = last(previews(calls)).args as { source: { characters: Character[] }; options: PdfOptions };
    expect(first.options).toEqual({ paper: 'a4', cards: true, printed: null });
    expect(first.source.characters.map((c) => [c.id, c.name])).toEqual([[id, 'Brother Aldo']]);
    expect(preview().dataset.state).toBe('ready');
    expect(preview().dataset.paper).toBe('a4');
    expect(preview().dataset.pages).toBe('2');
    expect(preview().getAttribute('style')).toContain('aspect-ratio: 595.28 / 841.89');
    expect(screen.getByTestId('pdf-page-count').textContent).toContain('Page 1 of 2 · A4');
    expect(dialog.textContent).toContain('Brother Aldo.pdf');
    expect(document.activeElement).toBe(screen.getByTestId('pdf-save'));
    expect(screen.queryByTestId('pdf-note'), 'nothing unsaved to mention').toBeNull();
    expect(vi.mocked(renderPage)).toHaveBeenCalled();

    // US Letter: a new preview, taller than wide at 8.5 × 11.
    await fireEvent.click(paperInput('letter'));
    await settle(10);
    expect((last(previews(calls)).args.options as PdfOptions).paper).toBe('letter');
    expect(preview().dataset.paper).toBe('letter');
    expect(preview().getAttribute('style')).toContain('aspect-ratio: 612 / 792');
    expect(paperInput('letter').closest('label')!.classList.contains('chosen')).toBe(true);

    // No cards: made again (Aldo's cards, the Ars Magica maneuvers, fit on his sheet's
    // second page, so it has as many pages).
    await fireEvent.click(screen.getByTestId('pdf-cards'));
    await settle(10);
    expect(last(previews(calls)).args.options).toEqual({ paper: 'letter', cards: false, printed: null });
    expect(preview().dataset.pages).toBe('2');
    expect(previews(calls)).toHaveLength(3);

    // Every page: ›, then Page Up back; the zoom makes the page larger.
    expect((screen.getByTestId('pdf-prev') as HTMLButtonElement).disabled).toBe(true);
    await fireEvent.click(screen.getByTestId('pdf-next'));
    await settle(10);
    expect(screen.getByTestId('pdf-page-count').textContent).toContain('Page 2 of 2 · US Letter');
    expect(vi.mocked(renderPage).mock.lastCall?.[1]).toBe(2);
    expect((screen.getByTestId('pdf-next') as HTMLButtonElement).disabled).toBe(true);
    expect(previews(calls)).toHaveLength(3); // another page of the same PDF: not made again
    await fireEvent.keyDown(preview(), { key: 'PageUp' });
    await settle(10);
    expect(screen.getByTestId('pdf-page-count').textContent).toContain('Page 1 of 2');
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('Fit');
    await fireEvent.click(screen.getByTestId('pdf-zoom-in'));
    await settle(10);
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('150%');
    expect(preview().getAttribute('style')).toContain('--zoom: 1.5');
    await fireEvent.keyDown(preview(), { key: '-' });
    await settle(10);
    expect(screen.getByTestId('pdf-zoom').textContent).toBe('Fit');

    // Remembered for next time.
    expect(JSON.parse(localStorage.getItem(PDF_KEY)!)).toEqual({ paper: 'letter', cards: false });
    await fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByTestId('pdf-dialog')).toBeNull();
    await fireEvent.click(screen.getByTestId('print-character'));
    await settle(10);
    expect(paperInput('letter').checked).toBe(true);
    expect((screen.getByTestId('pdf-cards') as HTMLInputElement).checked).toBe(false);
  });

  it('prints the sheet as typed, before it is saved', async () => {
    const calls = installBackend();
    const id = create();
    await open(`#/character/${id}`);
    const concept = document.querySelector<HTMLInputElement>('[data-testid="sheet-field"][data-key="concept"]')!;
    await fireEvent.input(concept, { target: { value: 'Wandering monk' } });
    await settle();
    expect(screen.getByTestId('save-status').dataset.state).toBe('pending');
    // Ctrl+P opens the preview too.
    await fireEvent.keyDown(concept, { key: 'p', ctrlKey: true });
    await settle(10);
    const args = last(previews(calls)).args as { source: { characters: Character[] } };
    expect(args.source.characters[0].values).toEqual({ concept: 'Wandering monk' });
    expect(preview().dataset.state).toBe('ready');
    expect(screen.getByTestId('pdf-note').textContent).toBe('Printed as on screen, with the changes not saved yet.');
  });

  it('keeps the newest preview when answers come back out of order', async () => {
    const slow = deferred<ArrayBuffer>();
    let n = 0;
    installBackend({
      pdf_preview: (args) => {
        n++;
        const options = args.options as PdfOptions;
        const bytes = fakePdf(options.paper === 'letter' ? 5 : 4, 100, 100);
        return n === 1 ? slow.promise.then(() => bytes) : bytes;
      },
    });
    const id = create();
    await open(`#/character/${id}`);
    await fireEvent.click(screen.getByTestId('print-character'));
    await settle();
    expect(preview().dataset.state).toBe('loading');
    expect(preview().textContent).toContain('Making the PDF…');
    await fireEvent.click(paperInput('letter'));
    await settle(10);
    expect(preview().dataset.pages).toBe('5');
    slow.resolve(new ArrayBuffer(0));
    await settle(10);
    expect(preview().dataset.pages).toBe('5');
    expect(preview().dataset.paper).toBe('letter');
  });

  it('says why there is no preview, and tries again on request', async () => {
    let fail = true;
    installBackend({
      pdf_preview: () => {
        if (fail) throw { code: 'not_found', message: 'no sheet for system `gurps`' };
        return fakePdf(1, 595.28, 841.89);
      },
    });
    const id = create();
    await open(`#/character/${id}`);
    await fireEvent.click(screen.getByTestId('print-character'));
    await settle(10);
    const error = screen.getByTestId('pdf-error');
    expectSaid(error, 'not_found', 'No sheet for system `gurps`');
    expect(error.getAttribute('role')).toBe('alert');
    expect((screen.getByTestId('pdf-save') as HTMLButtonElement).disabled).toBe(true);
    fail = false;
    await fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    await settle(10);
    expect(preview().dataset.state).toBe('ready');
    expect((screen.getByTestId('pdf-save') as HTMLButtonElement).disabled).toBe(false);
  });

  it('a page pdf.js cannot draw is an error too', async () => {
    installBackend({ pdf_preview: () => new Uint8Array([1, 2, 3]).buffer });
    const id = create();
    await open(`#/character/${id}`);
    await fireEvent.click(screen.getByTestId('print-character'));
    await settle(10);
    expect(screen.getByTestId('pdf-error').textContent).toContain('Invalid PDF structure.');
  });

  it('Save PDF… saves where the save dialog says, stays open when cancelled, and reports a failed write', async () => {
    let answer: () => unknown = () => null;
    const calls = installBackend({ export_pdf: () => answer() });
    const id = create();
    await open(`#/character/${id}`);
    await fireEvent.click(screen.getByTestId('print-character'));
    await settle(10);
    await fireEvent.click(paperInput('letter'));
    await settle(10);

    // Cancelled in the dialog: nothing happens, the preview stays.
    await fireEvent.click(screen.getByTestId('pdf-save'));
    await settle();
    const exports = () => calls.filter((c) => c.cmd === 'export_pdf');
    expect(exports()).toHaveLength(1);
    const args = exports()[0].args as { source: { characters: Character[] }; options: PdfOptions; fileName: string };
    expect(args.fileName).toBe('Brother Aldo.pdf');
    expect(args.options).toEqual({ paper: 'letter', cards: true, printed: null });
    expect(args.source.characters[0].id).toBe(id);
    expect(screen.getByTestId('pdf-dialog')).not.toBeNull();
    expect(screen.queryByTestId('sheet-notice')).toBeNull();

    // The folder cannot be written: said in the dialog, which stays open.
    answer = () => {
      throw { code: 'io', message: '/media/cd/Brother Aldo.pdf: Read-only file system (os error 30)' };
    };
    await fireEvent.click(screen.getByTestId('pdf-save'));
    await settle();
    const problem = screen.getByTestId('pdf-save-error');
    expectSaid(problem, 'io', 'Could not save: /media/cd/Brother Aldo.pdf: Read-only file system');

    // While the dialog is up, the button says so and cannot be pressed twice.
    const pending = deferred<string>();
    answer = () => pending.promise;
    await fireEvent.click(screen.getByTestId('pdf-save'));
    await settle();
    const button = screen.getByTestId('pdf-save') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toContain('Saving…');
    expect(screen.queryByTestId('pdf-save-error')).toBeNull();
    pending.resolve('/home/ana/Sheets/Brother Aldo.pdf');
    await settle(10);
    expect(exports()).toHaveLength(3);
    expect(screen.queryByTestId('pdf-dialog')).toBeNull();
    expect(screen.getByTestId('sheet-notice').textContent).toContain('Saved Brother Aldo.pdf in /home/ana/Sheets.');
  });
});

describe('PDF of several characters from the list', () => {
  beforeEach(() => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('en-US');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('ticks characters (or all of them) and prints the ticked ones in the order shown', async () => {
    const calls = installBackend();
    const vex = create('mythcraft', 'Vex');
    const aldo = create('ars-magica', 'Brother Aldo');
    const grim = create('mlaf', 'Grim');
    equip(aldo, 'ars-magica/armor/chain-mail');
    await open('#/characters');
    const rows = screen.getAllByTestId('character-row');
    expect(rows.map((r) => r.textContent?.match(/Brother Aldo|Grim|Vex/)?.[0])).toEqual(['Brother Aldo', 'Grim', 'Vex']);

    const action = screen.getByTestId('export-pdf-selection') as HTMLButtonElement;
    const all = screen.getByTestId('character-select-all') as HTMLInputElement;
    const box = (id: number) => screen.getAllByTestId('character-select').find((b) => b.dataset.id === String(id)) as HTMLInputElement;
    expect(action.disabled).toBe(true);
    expect(screen.getByTestId('selection-count').dataset.count).toBe('0');
    expect(box(vex).getAttribute('aria-label')).toBe('Select Vex');

    // Vex first, then Aldo: printed as listed all the same (Aldo, then Vex).
    await fireEvent.click(box(vex));
    await fireEvent.click(box(aldo));
    expect(screen.getByTestId('selection-count').textContent).toContain('2 of 3 selected');
    expect(all.indeterminate).toBe(true);
    expect(all.checked).toBe(false);
    expect(box(aldo).closest('tr')!.classList.contains('ticked')).toBe(true);
    expect(action.disabled).toBe(false);

    await fireEvent.click(action);
    await settle(10);
    const args = last(previews(calls)).args as { source: unknown; options: PdfOptions };
    expect(args.source).toEqual({ ids: [aldo, vex] });
    expect(args.options).toEqual({ paper: 'letter', cards: true, printed: null });
    // Aldo's sheet and his cards (three pages: his Wounds box now holds the recovery
    // track), then Vex's sheet and cards (three).
    expect(preview().dataset.pages).toBe('6');
    expect(screen.getByTestId('pdf-names').textContent).toBe('Brother Aldo, Vex');

    await fireEvent.click(screen.getByTestId('pdf-save'));
    await settle(10);
    const saved = calls.find((c) => c.cmd === 'export_pdf')!.args;
    expect(saved).toEqual({ source: { ids: [aldo, vex] }, options: { paper: 'letter', cards: true, printed: null }, fileName: 'Brother Aldo, Vex.pdf' });
    expect(screen.queryByTestId('pdf-dialog')).toBeNull();
    expect(screen.getByTestId('list-notice').textContent).toContain('Saved Brother Aldo, Vex.pdf in /home/you/Documents.');

    // Select all, then none.
    await fireEvent.click(all);
    expect([aldo, grim, vex].every((id) => box(id).checked)).toBe(true);
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);
    await fireEvent.click(screen.getByTestId('export-pdf-selection'));
    await settle(10);
    expect((last(previews(calls)).args as { source: unknown }).source).toEqual({ ids: [aldo, grim, vex] });
    await fireEvent.keyDown(screen.getByTestId('pdf-dialog'), { key: 'Escape' });
    await fireEvent.click(screen.getByTestId('selection-clear'));
    expect([aldo, grim, vex].some((id) => box(id).checked)).toBe(false);
    expect(action.disabled).toBe(true);
  });

  it('a ticked character deleted meanwhile (elsewhere) is reported, not skipped', async () => {
    installBackend();
    const aldo = create('ars-magica', 'Brother Aldo');
    const vex = create('mythcraft', 'Vex');
    await open('#/characters');
    await fireEvent.click(screen.getByTestId('character-select-all'));
    expect(screen.getByTestId('selection-count').dataset.count).toBe('2');
    backend('delete_character', { id: vex });
    await fireEvent.click(screen.getByTestId('export-pdf-selection'));
    await settle(10);
    const error = screen.getByTestId('pdf-error');
    expect(error.dataset.code).toBe('not_found');
    expect(error.textContent).toContain(`No character with id \`${vex}\``);
    expect(aldo).toBeLessThan(vex);
  });
});
