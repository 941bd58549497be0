// Starts tauri-driver, opens the real Tome desktop app through it, and gives tests a
// WebDriver session plus helpers (screenshots, waiting, process memory).

import { spawn, execFileSync } from 'node:child_process';
import { after, before } from 'node:test';
import { existsSync, mkdirSync, writeFileSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { Builder, By, Capabilities, until } from 'selenium-webdriver';

export { By, Key, until } from 'selenium-webdriver';

const ROOT = path.resolve(import.meta.dirname, '..');
export const SHOTS = process.env.TOME_E2E_DIR ?? path.join(ROOT, 'target', 'e2e');
const APP = process.env.TOME_APP;
const TIMEOUT = 20_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForPort(port, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => { s.end(); resolve(true); });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`tauri-driver did not listen on ${port} within ${ms} ms`);
}

/**
 * The app for the tests of one file: launched before the first and closed after the last.
 * Empty until then; afterwards what `launch()` resolves to.
 */
export function appForTests() {
  const app = {};
  before(async () => Object.assign(app, await launch()));
  after(async () => app.close?.());
  return app;
}

/**
 * Launches the app; resolves to { driver, startupMs, saves, db, env, pick, go, settle, theme, resize, close }.
 * `options.prepare(db)` runs before the start with the database's path (to put a file there);
 * `options.ready` is what to wait for instead of a usable search box;
 * `options.rendererAsShipped` runs it with the renderer it picks itself (no screenshots).
 */
export async function launch(options = {}) {
  if (!APP) throw new Error('set TOME_APP to the built tome-desktop binary (scripts/e2e.sh does)');
  mkdirSync(SHOTS, { recursive: true });
  const dbDir = mkdtempSync(path.join(tmpdir(), 'tome-e2e-'));
  const port = await freePort();
  const nativePort = await freePort();
  // Files the app saves (a character file, a PDF) land in this run's own folder: WebDriver
  // cannot drive the native save dialog, so the app's test seam
  // TOME_E2E_SAVE_DIR replaces it by this folder (see ui/README.md).
  const saves = path.join(dbDir, 'saved');
  mkdirSync(saves);
  // Likewise the open dialog (a pack, a rules document): the app's seam
  // TOME_E2E_OPEN_PATH names a file, and each time a dialog would open the app "picks"
  // the path written in it (see ui/README.md). `pick(path)` writes it.
  const openPath = path.join(dbDir, 'open-path');
  const env = {
    ...process.env,
    TOME_DB: path.join(dbDir, 'tome.db'),
    NO_AT_BRIDGE: '1',
    TOME_E2E_SAVE_DIR: saves,
    TOME_E2E_OPEN_PATH: openPath,
  };
  // The app picks WebKit's shared-memory renderer on a machine without a GPU, as this one
  // is; WebKit's WebDriver cannot take a screenshot from it, so every launch but the speed
  // measurements (which must see what a player gets) keeps WebKit's default renderer.
  if (!options.rendererAsShipped) env.TOME_DMABUF = '1';
  const driverProc = spawn('tauri-driver', ['--port', String(port), '--native-port', String(nativePort)], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForPort(port, TIMEOUT);
  options.prepare?.(env.TOME_DB);

  const caps = new Capabilities();
  caps.setBrowserName('wry');
  caps.set('tauri:options', { application: APP });
  const started = performance.now();
  const driver = await new Builder().withCapabilities(caps).usingServer(`http://127.0.0.1:${port}/`).build();
  const search = await driver.wait(
    until.elementLocated(By.css(options.ready ?? '[data-testid="search-input"]')),
    TIMEOUT,
  );
  await driver.wait(until.elementIsVisible(search), TIMEOUT);
  await driver.wait(until.elementIsEnabled(search), TIMEOUT);
  const startupMs = Math.round(performance.now() - started);

  return {
    driver,
    startupMs,
    /** Where the app saves files, in place of the save dialog. */
    saves,
    /** The app's database (the CLI can read it while the app runs). */
    db: env.TOME_DB,
    /** The environment the app runs in (a second launch uses the same). */
    env,
    /** What the next open dialog picks: a path, or null for Cancel. */
    pick(picked) {
      writeFileSync(openPath, picked === null ? '' : path.resolve(picked));
    },
    /** Goes to a route (`#/characters`) as a link would: the page is not reloaded. */
    go(hash) {
      return driver.executeScript('window.location.hash = arguments[0]', hash);
    },
    /** Lets the webview lay out and paint (two frames, then `ms`), before a picture. */
    settle(ms = 250) {
      return driver.executeAsyncScript(
        'const [ms, done] = arguments; requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, ms)))',
        ms,
      );
    },
    /** Clicks the theme toggle until the page is in `name` (`light` or `dark`). */
    async theme(name) {
      const html = await $(driver, 'html');
      const toggle = await $(driver, '[data-testid="theme-toggle"]');
      await eventually(async () => {
        if ((await html.getAttribute('data-theme')) === name) return true;
        await toggle.click();
        return false;
      }, `${name} theme`);
    },
    /** Resizes the window and waits until the page is as wide (give or take a frame). */
    async resize(width, height) {
      await driver.manage().window().setRect({ width, height });
      await eventually(
        async () => Math.abs((await driver.executeScript('return window.innerWidth')) - width) <= 80,
        `the window ${width}×${height}`,
      );
    },
    async close() {
      // Quitting normally closes the app; if WebKitWebDriver hangs on it, move on.
      const quit = driver.quit().catch(() => {});
      await Promise.race([quit, new Promise((r) => setTimeout(r, 5000))]);
      await killApp(env.TOME_DB);
      driverProc.kill();
      // tauri-driver normally exits at once; never let a stuck one hold the run open.
      const exited = new Promise((resolve) => driverProc.once('exit', resolve));
      const timer = setTimeout(() => driverProc.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Kills any app process still running on this run's database (and so only this run's). */
/**
 * Starts the app as a player does (no WebDriver, which slows WebKit's start by a few
 * hundred milliseconds), with the shell's start-up trace on; resolves, once the search box
 * is painted and the window closed again, to `{ painted, mounted, steps, closedCleanly }`:
 * milliseconds since the process started, for the painted box (the page's own, in Tome),
 * for Tome's script taking it over (null for the bare window), and for each step the shell
 * traced (src-tauri/src/startup_trace.rs), and whether the database was closed cleanly.
 * The window is closed as a window manager would, as a player closes it.
 */
export async function launchDirect(db, { app = APP, title = 'Tome', memory = false } = {}) {
  if (!app) throw new Error('set TOME_APP to the built tome-desktop binary (scripts/e2e.sh does)');
  const proc = spawn(app, [], {
    env: { ...process.env, TOME_DB: db, NO_AT_BRIDGE: '1', TOME_TRACE_STARTUP: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (err += d));
  const exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  const end = Date.now() + TIMEOUT;
  let painted;
  while (!(painted = (err + out).match(/tome:painted ([\d.]+)/)) && Date.now() < end && proc.exitCode === null) {
    await new Promise((r) => setTimeout(r, 20));
  }
  // Tome paints the page's own box first, then its script takes the box over: the window
  // is closed only once that happened too (the bare window has no second step).
  let mounted = null;
  if (title === 'Tome') {
    while (!(mounted = (err + out).match(/tome:mounted ([\d.]+)/)) && Date.now() < end && proc.exitCode === null) {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  // The memory of the process and its children (WebKit's), once the app is there.
  const pss = memory && painted ? treePssKb(proc.pid) : null;
  execFileSync('/usr/bin/python3', [path.join(ROOT, 'e2e', 'wm-close.py'), title], { stdio: 'ignore' });
  const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
  const exit = await exited;
  clearTimeout(timer);
  const start = err.match(/process start \(epoch ms ([\d.]+)\)/);
  if (!painted || !start) throw new Error(`no start-up trace from the app:\n${err}\n${out}`);
  const steps = {};
  for (const [, ms, what] of err.matchAll(/^startup +([\d.]+) ms {2}(.+)$/gm)) steps[what] ??= Number(ms);
  // Closed cleanly: the log folded into the file and the file remembered as whole, so the
  // next start need not check it.
  const closedCleanly = !existsSync(`${db}-wal`) && existsSync(`${db}-checked`);
  const left = { exit, files: readdirSync(path.dirname(db)), stderr: err.split('\n').filter((l) => !l.startsWith('startup')).slice(-5) };
  const since = (m) => (m ? Number(m[1]) - Number(start[1]) : null);
  return { painted: since(painted), mounted: since(mounted), steps, closedCleanly, left, pss };
}

/** The PSS of process `root` and every process under it, in kB. */
function treePssKb(root) {
  const ps = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' });
  const pairs = ps.trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
  const seen = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of pairs) {
      if (!seen.has(pid) && seen.has(ppid)) {
        seen.add(pid);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const pid of seen) {
    try {
      const m = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/^Pss:\s+(\d+) kB/m);
      total += m ? Number(m[1]) : 0;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

async function killApp(db) {
  const killed = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0];
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (cmd === APP && environ.includes(`TOME_DB=${db}`)) {
        process.kill(Number(pid), 'SIGKILL');
        killed.push(pid);
      }
    } catch {
      // The process ended, or is not ours to read.
    }
  }
  // Until each is dead (gone, or a zombie waiting for its parent): a dying Tome still
  // owns its single-instance name on the session bus, and the next test's Tome would
  // try to hand over to it, get no reply and fail to start.
  const end = Date.now() + 5000;
  const alive = (pid) => {
    try {
      return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
    } catch {
      return false;
    }
  };
  while (killed.some(alive) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
}

export async function screenshot(driver, name) {
  const png = await driver.takeScreenshot();
  const file = path.join(SHOTS, `${name}.png`);
  writeFileSync(file, png, 'base64');
  return file;
}

export async function $(driver, css) {
  return driver.wait(until.elementLocated(By.css(css)), TIMEOUT);
}

/**
 * Clicks an element after scrolling it into view (the page scrolls inside `main`). Three
 * frames first: the tracker holds the page's scroll for two frames after a key (see
 * EncounterTracker), and a hand on the mouse is never that quick.
 */
export async function clickInView(driver, css) {
  const el = await $(driver, css);
  await driver.executeAsyncScript(`
    const [el, done] = arguments;
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    frame().then(frame).then(frame).then(() => { el.scrollIntoView({ block: 'center' }); done(); });
  `, el);
  await el.click();
  return el;
}

export async function $$(driver, css) {
  return driver.findElements(By.css(css));
}

/** Waits until `fn` returns a truthy value (polling), and returns it. */
export async function eventually(fn, what, ms = TIMEOUT) {
  const end = Date.now() + ms;
  let last;
  while (Date.now() < end) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what} (last: ${last})`);
}

/** Resident memory (kB) of the app and every process under it (the WebKit helpers). */
export function appMemoryKb() {
  const ps = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,comm='], { encoding: 'utf8' });
  const procs = ps.trim().split('\n').map((l) => {
    const [pid, ppid, rss, ...comm] = l.trim().split(/\s+/);
    return { pid: +pid, ppid: +ppid, rss: +rss, comm: comm.join(' ') };
  });
  const roots = procs.filter((p) => p.comm.startsWith('tome-desktop'));
  const seen = new Set(roots.map((p) => p.pid));
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of procs) {
      if (!seen.has(p.pid) && seen.has(p.ppid)) { seen.add(p.pid); grew = true; }
    }
  }
  const mine = procs.filter((p) => seen.has(p.pid));
  // RSS counts shared libraries once per process; PSS splits them, so it adds up honestly.
  const pss = (pid) => {
    try {
      const m = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/^Pss:\s+(\d+) kB/m);
      return m ? Number(m[1]) : 0;
    } catch {
      return 0;
    }
  };
  return {
    totalKb: mine.reduce((s, p) => s + p.rss, 0),
    totalPssKb: mine.reduce((s, p) => s + pss(p.pid), 0),
    processes: mine.map((p) => `${p.comm}: rss ${p.rss} kB, pss ${pss(p.pid)} kB`),
  };
}

/** Five entries, one of each system, opened one after another (a reading session). */
export const FIVE_ENTRIES = [
  'ars-magica/weapon/sword-long',
  'mythcraft/condition/grappled-and-grappling',
  'amtgard/condition/stunned',
  'mlaf/spell/lightning-bolt',
  'primal-wild/rule/clash-dice-pool',
];

/** The repository's root, for fixtures and examples. */
export { ROOT };

const CLI = () => process.env.TOME_CLI ?? path.join(ROOT, 'target', 'debug', 'tome');

/** The CLI's view of the data, to check what the app shows against. */
export function cliJson(...args) {
  const db = path.join(mkdtempSync(path.join(tmpdir(), 'tome-cli-')), 'tome.db');
  return JSON.parse(execFileSync(CLI(), ['--db', db, '--json', ...args], { encoding: 'utf8' }));
}

/** The CLI on a database of its own that lasts between calls: `run(...args)` answers its JSON. */
export function cliSession() {
  const db = path.join(mkdtempSync(path.join(tmpdir(), 'tome-cli-')), 'tome.db');
  return (...args) => JSON.parse(execFileSync(CLI(), ['--db', db, '--json', ...args], { encoding: 'utf8' }));
}
