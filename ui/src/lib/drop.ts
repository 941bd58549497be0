// A file dragged from the desktop onto a page that imports (the characters, the
// adversaries): the page takes the drop and hands the file to its import dialog, read as
// if picked. (The app's window lets the page see such drops: `dragDropEnabled` is off in
// src-tauri/tauri.conf.json.)

/** Lets a drag that carries files be dropped here (the browser refuses it otherwise). */
export function allowFileDrop(event: DragEvent): void {
  if (event.dataTransfer && Array.from(event.dataTransfer.types ?? []).includes('Files')) event.preventDefault();
}

/** The first file a drop carries, the drop taken from the browser (which would open it); `null` when it carries none. */
export function droppedFile(event: DragEvent): File | null {
  const file = event.dataTransfer?.files?.[0] ?? null;
  if (file) event.preventDefault();
  return file;
}
