// The PDF commands for tests and `npm run dev`: a small but real PDF (one ruled page per
// character, and a page of cards after it when asked for), and "saving" to a made-up
// folder in place of the native save dialog.
import type { Character } from './bindings/Character';
import type { ErrorPayload } from './bindings/ErrorPayload';
import type { PdfOptions } from './bindings/PdfOptions';
import { paperSize } from './pdf';

/** Where the mock's save dialog "saves". */
export const MOCK_SAVE_DIR = '/home/you/Documents';

/** A PDF of `pages` pages of `width` × `height` points, each a frame with ruled lines. */
export function minimalPdf(pages: number, width: number, height: number): Uint8Array {
  const objects: string[] = [];
  const kids: string[] = [];
  const first = 3;
  for (let i = 0; i < pages; i++) {
    const pageObj = first + i * 2;
    const content = pageObj + 1;
    kids.push(`${pageObj} 0 R`);
    let draw = `0.55 0.18 0.1 RG 1.2 w 34 34 ${(width - 68).toFixed(2)} ${(height - 68).toFixed(2)} re S 0.7 0.66 0.55 RG 0.5 w`;
    for (let y = height - 90; y > 60; y -= 24) draw += ` 50 ${y.toFixed(2)} m ${(width - 50).toFixed(2)} ${y.toFixed(2)} l S`;
    objects[pageObj] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents ${content} 0 R >>`;
    objects[content] = `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`;
  }
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  let out = '%PDF-1.7\n';
  const offsets: number[] = [];
  for (let n = 1; n < objects.length; n++) {
    offsets[n] = out.length;
    out += `${n} 0 obj\n${objects[n]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let n = 1; n < objects.length; n++) out += `${String(offsets[n]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

function fail(code: ErrorPayload['code'], message: string): ErrorPayload {
  return { code, message };
}

/**
 * The characters a `source` names (`{ids}` looked up with `find`, or `{characters}`),
 * as the core would print them.
 */
function sourceCharacters(source: unknown, find: (id: number) => Character | null): Character[] {
  const s = (source ?? {}) as { ids?: unknown; characters?: unknown };
  const list = Array.isArray(s.ids)
    ? s.ids.map((id) => find(Number(id)) ?? (() => { throw fail('not_found', `no character with id \`${String(id)}\``); })())
    : Array.isArray(s.characters)
      ? (s.characters as Character[])
      : null;
  if (list === null) throw fail('invalid_input', 'a PDF is made from `ids` or `characters`');
  if (list.length === 0) throw fail('invalid_input', 'no characters to print');
  return list;
}

/** Pages the mock prints: a sheet per character, and a page of cards for one with anything on it. */
export function mockPageCount(characters: Character[], options: PdfOptions): number {
  return characters.reduce((n, c) => n + 1 + (options.cards && c.items.length + c.conditions.length + c.spells.length > 0 ? 1 : 0), 0);
}

/** Answers `pdf_preview`, `export_pdf` and `export_character_file`, or returns `undefined`. */
export function mockPdfCommand(cmd: string, a: Record<string, unknown>, find: (id: number) => Character | null): unknown {
  switch (cmd) {
    case 'pdf_preview':
    case 'export_pdf': {
      const options = a.options as PdfOptions;
      const characters = sourceCharacters(a.source, find);
      if (cmd === 'export_pdf') return `${MOCK_SAVE_DIR}/${String(a.fileName)}`;
      const size = paperSize(options.paper);
      return minimalPdf(mockPageCount(characters, options), size.width, size.height).buffer;
    }
    case 'export_character_file':
      if (!find(Number(a.id))) throw fail('not_found', `no character with id \`${String(a.id)}\``);
      return `${MOCK_SAVE_DIR}/${String(a.fileName)}`;
    default:
      return undefined;
  }
}
