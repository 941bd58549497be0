import { mount, unmount } from 'svelte';
import App from './App.svelte';
import { api, onDatabaseError } from './lib/api';
import type { StartupProblem } from './lib/bindings/StartupProblem';
import { takeOverBootBox } from './lib/boot';
import { listenForClose } from './lib/closing';
import { theme } from './lib/theme.svelte';

async function start(): Promise<void> {
  // Set the theme before the first paint.
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
  // The app is drawn at once, and a database that could not be opened then gives way to
  // the start-up screen with the ways out: no round trip to the shell stands before the
  // first frame. (The app's lists wait for that frame, so the answer comes first.)
  const app = mount(App, { target, props: { listsAfterPaint: true } });
  takeOverBootBox(document.getElementById('search') as HTMLInputElement | null);
  markMounted();
  const [problem] = await Promise.all([api.startupProblem().catch(() => null), listening]);
  if (problem) {
    await showProblem(target, problem, app);
    return;
  }
  watchForDamage(target, app);
}

type Mounted = ReturnType<typeof mount>;

/** The start-up screen in place of the app (if one is running), until a database opens. */
async function showProblem(target: HTMLElement, problem: StartupProblem, app: Mounted | null): Promise<void> {
  onDatabaseError(null);
  const { default: StartupScreen } = await import('./lib/components/StartupScreen.svelte');
  takeOverBootBox(null);
  if (app) void unmount(app);
  const screen = mount(StartupScreen, {
    target,
    props: {
      problem,
      onopened: () => {
        void unmount(screen);
        watchForDamage(target, mount(App, { target }));
      },
    },
  });
}

/**
 * A command that met damage a backup must mend closes the database in the core: the shell
 * then has a problem to show, and the app gives way to the start-up screen and its
 * restore. Any other `database` error (a file held locked) leaves the app as it is.
 */
function watchForDamage(target: HTMLElement, app: Mounted): void {
  onDatabaseError(() => {
    void api
      .startupProblem()
      .catch(() => null)
      .then((problem) => {
        if (problem) void showProblem(target, problem, app);
      });
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
