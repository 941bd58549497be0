// The desktop shell as a user depends on it: an unusable database is explained with
// the ways out, one Tome at a time, and closing never loses an edit.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { launch, screenshot, $, $$, eventually, ROOT } from './harness.mjs';

const CLI = process.env.TOME_CLI ?? path.join(ROOT, 'target', 'debug', 'tome');
const APP = process.env.TOME_APP;

/** The CLI on the app's own database. */
const cli = (db, ...args) => JSON.parse(execFileSync(CLI, ['--db', db, '--json', ...args], { encoding: 'utf8' }));

/** Asks the window manager's way to close the window titled "Tome" (WM_DELETE_WINDOW). */
function closeLikeTheWindowManager() {
  execFileSync('/usr/bin/python3', [path.join(ROOT, 'e2e', 'wm-close.py'), 'Tome'], { stdio: 'inherit' });
}

/** Resolves with the app's exit code, or null if it is still running after `ms`. */
function exited(pid, ms) {
  return new Promise((resolve) => {
    const end = Date.now() + ms;
    const poll = () => {
      try {
        process.kill(pid, 0);
      } catch {
        return resolve(true);
      }
      if (Date.now() > end) return resolve(false);
      setTimeout(poll, 100);
    };
    poll();
  });
}

/**
 * What a Tome still running after a close is doing, for the failure's message: whether its
 * window is still there (gone: the close arrived and quitting did not finish), each
 * thread's name and where it waits, the main thread's system call, then whether a second
 * close ends it.
 */
async function whyOpen(pid) {
  const threads = new Map();
  const read = (file) => {
    try {
      return readFileSync(`/proc/${pid}/task/${file}`, 'utf8').trim();
    } catch {
      return '?';
    }
  };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const what = `${read(`${tid}/comm`)} in ${read(`${tid}/wchan`)}`;
    threads.set(what, (threads.get(what) ?? 0) + 1);
  }
  const main = `the main thread's system call: ${read(`${pid}/syscall`)}`;
  const listed = `its threads: ${[...threads].map(([what, n]) => `${n}× ${what}`).join(', ')}`;
  const started = Date.now();
  try {
    closeLikeTheWindowManager();
  } catch {
    return `its window is gone; ${main}; ${listed}`;
  }
  const second = (await exited(pid, 10_000)) ? `a second close ended it in ${Date.now() - started} ms` : 'a second close did not end it either';
  return `its window is still there, and ${second}; ${main}; ${listed}`;
}

/** The pid of the app running on `db`. */
function appPid(db) {
  for (const pid of execFileSync('pgrep', ['-f', APP], { encoding: 'utf8' }).trim().split('\n')) {
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (environ.includes(`TOME_DB=${db}`)) return Number(pid);
    } catch {
      // gone
    }
  }
  return null;
}

test('a damaged database opens a window that says why, and restoring the newest backup brings the characters back', async () => {
  const app = await launch({
    prepare(db) {
      cli(db, 'character', 'new', '--system', 'mythcraft', '--name', 'Wren the Bold');
      execFileSync(CLI, ['--db', db, 'db', 'backup'], { stdio: 'ignore' });
      // Damage the file past its header, as a failing disk would.
      const bytes = readFileSync(db);
      bytes.fill(0x5a, 100);
      writeFileSync(db, bytes);
    },
    ready: '[data-testid="startup-problem"]',
  });
  try {
    const d = app.driver;
    const reason = await (await $(d, '[data-testid="startup-reason"]')).getText();
    assert.match(reason, /damaged|not a SQLite database/, reason);
    assert.equal(await (await $(d, '[data-testid="startup-path"]')).getText(), app.db);
    assert.equal((await $$(d, '[data-testid="search-input"]')).length, 0, 'the app does not start on an unusable file');
    await screenshot(d, '40-startup-damaged-database');

    await (await $(d, '[data-testid="startup-restore"]')).click();
    // The app starts on the restored file, with the character saved before the damage.
    await $(d, '[data-testid="search-input"]');
    await app.go('#/characters');
    await eventually(
      async () => (await d.findElement({ css: '[data-testid="character-list-page"]' }).getText()).includes('Wren the Bold'),
      'the restored character listed',
    );
    await screenshot(d, '41-startup-restored');
  } finally {
    await app.close();
  }
});

test('a second launch hands over to the running Tome and exits', async () => {
  const app = await launch();
  try {
    const second = spawn(APP, [], { env: app.env, stdio: 'ignore' });
    const code = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve('still running'), 10_000);
      second.once('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    if (code === 'still running') second.kill('SIGKILL');
    assert.equal(code, 0, 'the second copy exits at once');
    // The first still answers.
    const box = await $(app.driver, '[data-testid="search-input"]');
    await box.sendKeys('frozen');
    await eventually(async () => (await $$(app.driver, '[data-testid="search-result"]')).length > 0, 'results in the first copy');
  } finally {
    await app.close();
  }
});

test('closing the window right after an edit saves the edit first', async () => {
  const app = await launch({
    prepare(db) {
      cli(db, 'character', 'new', '--system', 'mythcraft', '--name', 'Quick Closer');
    },
  });
  try {
    const d = app.driver;
    const [id] = cli(app.db, 'character', 'list').map((c) => c.id);
    await app.go(`#/character/${id}`);
    const name = await $(d, '[data-testid="sheet-field"][data-key="level"]');
    await name.clear();
    await name.sendKeys('7');
    // At once, well inside the autosave's delay.
    const pid = appPid(app.db);
    assert.ok(pid, 'the app is running');
    closeLikeTheWindowManager();
    // The app says each step of closing on standard error (this run's log): "asked to
    // close", then "the page saved" or "did not answer", then "quitting".
    if (!(await exited(pid, 10_000))) assert.fail(`the app did not close: ${await whyOpen(pid)}`);
    const shown = cli(app.db, 'character', 'show', String(id));
    assert.equal(shown.character.values.level, 7, JSON.stringify(shown.character.values));
  } finally {
    // A failure above must not leave the app and its driver holding the run open.
    await app.close();
  }
});
