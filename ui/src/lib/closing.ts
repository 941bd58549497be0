// Closing the window never loses an edit: the shell asks the page first (the
// `tome://before-close` event), the page saves whatever is pending, then answers
// `close_ready`. Pages with unsaved work register how to save it here.
import { listen } from '@tauri-apps/api/event';
import { api } from './api';

type Flush = () => Promise<void>;

const pending = new Set<Flush>();

/** Registers `flush` (saves what is pending) until the returned function is called. */
export function saveBeforeClose(flush: Flush): () => void {
  pending.add(flush);
  return () => pending.delete(flush);
}

/** Saves everything pending; a save that fails does not keep the others from running. */
export async function flushAll(): Promise<void> {
  await Promise.allSettled([...pending].map((flush) => flush()));
}

/** Answers the shell's request to close (in the desktop app only). */
export async function listenForClose(): Promise<void> {
  await listen('tome://before-close', async () => {
    await flushAll();
    await api.closeReady();
  });
}
