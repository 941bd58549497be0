// An evening prepared in the real app: a party (made with the CLI on the app's database)
// joins an encounter in one step, and "next fight, same party" opens the next one with it;
// the game master's screen is printed landscape from its page, with a homebrew table
// pinned from the table's own page. Pictures of the screen page and of its preview.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { appForTests, clickInView, screenshot, $, $$, eventually, By, ROOT } from './harness.mjs';

const app = appForTests();
const CLI = process.env.TOME_CLI ?? path.join(ROOT, 'target', 'debug', 'tome');
/** The CLI on the app's own database. */
const cli = (...args) => JSON.parse(execFileSync(CLI, ['--db', app.db, '--json', ...args], { encoding: 'utf8' }));

const click = (css) => clickInView(app.driver, css);

const names = async () =>
  Promise.all((await $$(app.driver, '[data-testid="combatant"]')).map((r) => r.getAttribute('data-name')));

test('a party joins an encounter in one step, and the next fight starts with it', async () => {
  const vex = cli('character', 'new', '--system', 'mythcraft', '--name', 'Vex').character.id;
  const oru = cli('character', 'new', '--system', 'mythcraft', '--name', 'Oru').character.id;
  const party = cli('party', 'new', '--system', 'mythcraft', '--name', 'The Lanterns').id;
  cli('party', 'add', String(party), String(vex), String(oru));

  await app.go('#/encounters');
  await click('[data-testid="new-encounter"]');
  const select = await $(app.driver, '[data-testid="new-encounter-system"]');
  await (await select.findElement(By.css('option[value="mythcraft"]'))).click();
  await (await $(app.driver, '[data-testid="new-encounter-name"]')).sendKeys('Bridge');
  await click('[data-testid="new-encounter-create"]');
  const page = await $(app.driver, '[data-testid="encounter-page"][data-system="mythcraft"]');
  const id = Number((await app.driver.getCurrentUrl()).split('#/encounter/')[1]);

  const pick = await $(app.driver, '[data-testid="party-pick"]');
  await app.driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', pick);
  await (await pick.findElement(By.css(`option[value="${party}"]`))).click();
  await click('[data-testid="party-add"]');
  await eventually(async () => (await names()).length === 2, 'both joined');
  assert.deepEqual(await names(), ['Vex', 'Oru']);
  assert.equal(cli('encounter', 'log', String(id)).length, 1, 'one change brought the whole party');
  await screenshot(app.driver, '60-party-joined');

  // One undo takes the whole party out again; redo brings it back.
  await click('[data-testid="encounter-undo"]');
  await eventually(async () => (await names()).length === 0, 'the party taken out');
  await click('[data-testid="encounter-redo"]');
  await eventually(async () => (await names()).length === 2, 'the party back');

  await click('[data-testid="encounter-start"]');
  await eventually(async () => Number(await page.getAttribute('data-round')) === 1, 'round 1');
  await click('[data-testid="encounter-end"]');
  await click('[data-testid="encounter-next-fight"]');
  await eventually(async () => /#\/encounter\/(\d+)$/.exec(await app.driver.getCurrentUrl())?.[1] !== String(id), 'the next encounter');
  await $(app.driver, '[data-testid="encounter-page"][data-round="0"]');
  await eventually(async () => (await names()).length === 2, 'the party in the next fight');
  assert.deepEqual(await names(), ['Vex', 'Oru']);
  const all = cli('encounter', 'list');
  assert.equal(all.length, 2);
  assert.equal(all[0].name, 'Bridge (next)');
});

test("the game master's screen prints landscape with a pinned homebrew table", async () => {
  cli('pack', 'import', path.join(ROOT, 'examples', 'packs', 'fireside-tables.toml'));
  const table = 'primal-wild/table/fireside-tables--shimmer-strength';
  await app.go(`#/entry/${table}`);
  await click('[data-testid="entry-pin"]');
  const pinned = await $(app.driver, '[data-testid="entry-pinned"]');
  await eventually(async () => (await pinned.getAttribute('data-code')) === 'ok', 'pinned');

  await app.go('#/screen/primal-wild');
  const panels = await eventually(async () => {
    const all = await $$(app.driver, '[data-testid="screen-panel"]');
    return all.length > 0 ? all : null;
  }, 'the panels');
  assert.match(await panels[panels.length - 1].getText(), /shimmer strength/i);
  await screenshot(app.driver, '61-gm-screen');

  await click('[data-testid="screen-print"]');
  const box = await $(app.driver, '[data-testid="pdf-preview"]');
  await eventually(async () => (await box.getAttribute('data-state')) === 'ready', 'the preview drawn', 30_000);
  const shape = await app.driver.executeScript(`
    const r = document.querySelector('[data-testid="pdf-preview"]').getBoundingClientRect();
    return { width: r.width, height: r.height };
  `);
  assert.ok(shape.width > shape.height, `the preview is landscape: ${JSON.stringify(shape)}`);
  await screenshot(app.driver, '62-gm-screen-preview');
  await click('[data-testid="pdf-save"]');
  const file = path.join(app.saves, "Primal Wild game master's screen.pdf");
  await eventually(async () => existsSync(file), `${file} written`);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info);
  assert.ok(Number(w) > Number(h), `landscape pages: ${w} × ${h}`);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  for (const cell of ['1-6', 'faint', '7-9', 'clear', '10', 'blazing']) assert.match(text, new RegExp(cell));
});
