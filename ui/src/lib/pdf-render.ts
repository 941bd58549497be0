// Draws a page of a PDF (the core's bytes) on a canvas with pdf.js, for the
// print preview. pdf.js and its worker are loaded on first use, never with the app.
//
// Under the app's CSP (script-src 'self', no eval, no blob: workers): the worker is a
// file of the bundle, started here as a module worker; fonts are drawn as paths
// (`disableFontFace`), nothing is evaluated and no WebAssembly is used, so pdf.js
// needs nothing the policy does not already allow.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

type PdfJs = typeof import('pdfjs-dist');
type PdfWorker = InstanceType<PdfJs['PDFWorker']>;

let loading: Promise<{ lib: PdfJs; worker: PdfWorker }> | null = null;

/**
 * pdf.js and the one worker every preview uses, kept for the app's life. The worker is
 * handed to each document rather than set as pdf.js's global port: pdf.js shares a
 * global port's worker among its documents and destroys it with the first of them to be
 * destroyed, so a preview begun meanwhile failed ("the worker is being destroyed") when
 * pages or options changed quickly. A worker handed in is never destroyed with a document.
 */
function pdfjs(): Promise<{ lib: PdfJs; worker: PdfWorker }> {
  loading ??= import('pdfjs-dist').then(
    (lib) => {
      lib.GlobalWorkerOptions.workerSrc = workerUrl;
      let port: Worker | undefined;
      try {
        port = new Worker(workerUrl, { type: 'module' });
      } catch {
        // No worker of our own: pdf.js starts one, or runs the same code on the page.
      }
      const worker = lib.PDFWorker.create({ name: 'preview', port });
      return { lib, worker };
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

export interface RenderedPage {
  /** The PDF's number of pages. */
  pages: number;
  /** The page drawn (the one asked for, or the last). */
  page: number;
  /** Its size in points. */
  width: number;
  height: number;
}

/**
 * Draws page `number` of `bytes` (the last page if it has fewer) on `canvas`, `cssWidth`
 * CSS pixels wide (sharp on high-DPI screens). The canvas is only touched once the page
 * is drawn, so an older preview stays in view until then, and only if `wanted()` still
 * says so: a preview asked for later may have been drawn first, and must not be covered
 * by this one.
 */
export async function renderPage(
  bytes: ArrayBuffer,
  number: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
  wanted: () => boolean = () => true,
): Promise<RenderedPage> {
  const { lib, worker } = await pdfjs();
  const task = lib.getDocument({
    worker,
    // pdf.js hands the buffer to its worker: give it a copy.
    data: new Uint8Array(bytes.slice(0)),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWasm: false,
    stopAtErrors: true,
  });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(Math.min(Math.max(1, number), doc.numPages));
    const base = page.getViewport({ scale: 1 });
    const ratio = Math.min(3, Math.max(1, window.devicePixelRatio || 1));
    // A little over the screen's pixels, so small type stays crisp when scaled down.
    const scale = (Math.max(120, cssWidth) * ratio * 1.25) / base.width;
    const viewport = page.getViewport({ scale });
    const off = document.createElement('canvas');
    off.width = Math.round(viewport.width);
    off.height = Math.round(viewport.height);
    await page.render({ canvas: off, viewport, background: '#ffffff' }).promise;
    if (wanted()) {
      canvas.width = off.width;
      canvas.height = off.height;
      canvas.getContext('2d')?.drawImage(off, 0, 0);
    }
    return { pages: doc.numPages, page: page.pageNumber, width: base.width, height: base.height };
  } finally {
    // Frees the document in the worker; the worker stays for the next preview.
    task.destroy().catch(() => {});
  }
}
