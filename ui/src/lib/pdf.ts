// Printable sheets without the DOM: the paper sizes, the options remembered between
// exports, the file name offered in the save dialog and what a saved file's notice says.
import type { Paper } from './bindings/Paper';
import type { PdfOptions } from './bindings/PdfOptions';
import { PAPERS as CORE_PAPERS } from './bindings/constants';
import { fileSafe } from './sheet';

export interface PaperSize {
  id: Paper;
  label: string;
  detail: string;
  /** In points, as the core prints it. */
  width: number;
  height: number;
}

/** The core's paper sizes (generated: bindings/constants.ts). */
export const PAPERS: readonly PaperSize[] = CORE_PAPERS;

export function paperSize(id: Paper): PaperSize {
  return PAPERS.find((p) => p.id === id) ?? PAPERS[0];
}

/** Where Letter is the usual paper (the Americas that use it, and the Philippines); A4 elsewhere. */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'GT', 'CR', 'PR', 'DO', 'PA', 'SV', 'NI', 'HN', 'BZ']);

export function defaultPaper(locale: string | undefined): Paper {
  const region = /[-_]([A-Za-z]{2})\b/.exec(locale ?? '')?.[1]?.toUpperCase();
  return region && LETTER_REGIONS.has(region) ? 'letter' : 'a4';
}

export const PDF_KEY = 'tome.pdf';

/** The options of the last export (paper and cards), else A4 or Letter by locale, with cards. */
export function loadPdfOptions(): PdfOptions {
  const fallback: PdfOptions = {
    paper: defaultPaper(typeof navigator === 'undefined' ? undefined : navigator.language),
    cards: true,
    printed: null,
  };
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(PDF_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return fallback;
    const { paper, cards } = stored as Record<string, unknown>;
    return {
      paper: PAPERS.some((p) => p.id === paper) ? (paper as Paper) : fallback.paper,
      cards: typeof cards === 'boolean' ? cards : fallback.cards,
      printed: null,
    };
  } catch {
    return fallback;
  }
}

export function savePdfOptions(options: PdfOptions): void {
  try {
    localStorage.setItem(PDF_KEY, JSON.stringify({ paper: options.paper, cards: options.cards }));
  } catch {
    // Storage full or off: the options are simply not remembered.
  }
}

/**
 * The file name offered for a PDF of these characters: `Brother Aldo.pdf`; for several,
 * their names while short (`Aldo, Vex.pdf`), else `Aldo, Vex and 3 more.pdf`.
 */
export function pdfFileName(names: readonly string[]): string {
  const clean = names.map(fileSafe).filter((n) => n !== '');
  if (clean.length === 0) return 'Character sheet.pdf';
  if (clean.length === 1) return `${clean[0].slice(0, 80)}.pdf`;
  const all = clean.join(', ');
  if (all.length <= 60) return `${all}.pdf`;
  let shown = clean[0].slice(0, 40);
  let n = 1;
  while (n < clean.length - 1 && `${shown}, ${clean[n]}`.length <= 45) shown += `, ${clean[n++]}`;
  return `${shown} and ${clean.length - n} more.pdf`;
}

/** `Saved Brother Aldo.pdf in /home/ana/Documents.` from the path the shell wrote. */
export function savedNotice(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (cut < 0) return `Saved ${path}.`;
  const dir = path.slice(0, cut) || path.slice(0, 1);
  return `Saved ${path.slice(cut + 1)} in ${dir}.`;
}

/** "1 page", "3 pages". */
export function pagesText(n: number): string {
  return n === 1 ? '1 page' : `${n} pages`;
}
