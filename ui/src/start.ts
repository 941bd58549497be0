import { mount } from 'svelte';
import { takeOverBootBox } from './lib/boot';
import { listenForClose } from './lib/closing';
import { startApp } from './lib/start';
import { theme } from './lib/theme.svelte';

// Loaded by main.ts once the first frame (with the page's own search box) is painted.
async function start(): Promise<void> {
  theme.init();
  const target = document.getElementById('app')!;
  // The player view's window shows one encounter to the table, and nothing else: it may
  // only call `player_view` (capabilities/player.json), so none of the app starts there.
  if (window.location.hash.startsWith('#/player/')) {
    if (import.meta.env.DEV && !('__TAURI_INTERNALS__' in window)) {
      const { installFixtureBackend } = await import('./lib/dev-backend');
      installFixtureBackend();
    }
    const { default: PlayerScreen } = await import('./lib/components/PlayerScreen.svelte');
    takeOverBootBox(null);
    mount(PlayerScreen, { target });
    return;
  }
  // `npm run dev` in a plain browser has no Tauri backend: replay the core's recorded answers.
  let listening: Promise<void> = Promise.resolve();
  if (import.meta.env.DEV && !('__TAURI_INTERNALS__' in window)) {
    const { installFixtureBackend } = await import('./lib/dev-backend');
    installFixtureBackend();
  } else {
    listening = listenForClose();
  }
  await startApp(target, {
    ready: listening,
    onmounted: () => {
      takeOverBootBox(document.getElementById('search') as HTMLInputElement | null);
      markMounted();
    },
  });
}

/**
 * Marks the moment the app's own search box is on screen, in place of the first frame's
 * (public/boot.js marks that one, `tome:painted`): the frame after mounting is painted by
 * the time a task queued in its animation callback runs. The end-to-end speed test reads
 * both, and the shell's start-up trace (`TOME_TRACE_STARTUP=1`, see BENCHMARKS.md) the
 * console lines, which WebKit then prints.
 */
function markMounted(): void {
  requestAnimationFrame(() =>
    setTimeout(() => {
      const mark = performance.mark('tome:mounted');
      if ((window as { __TOME_TRACE_STARTUP__?: boolean }).__TOME_TRACE_STARTUP__) {
        console.info(`tome:mounted ${performance.timeOrigin + mark.startTime}`);
      }
    }, 0),
  );
}

void start();
