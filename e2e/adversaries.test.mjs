// Issue 43 in the real app: the game master's adversaries added to a MythCraft fight from
// the add form's picker, three goblins hidden in one add, the fight started, the order
// looked at (pictures at 1280×800 and 800×600), the adversaries' cards printed through
// Print cards… and saved; and the actions it takes to put 6 adversaries of 2 kinds into
// a fight from the library, counted as played (`METRIC` lines, BENCHMARKS.md).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { appForTests, clickInView, screenshot, $, $$, eventually, By, Key, ROOT } from './harness.mjs';

const app = appForTests();
const CLI = process.env.TOME_CLI ?? path.join(ROOT, 'target', 'debug', 'tome');
/** The CLI on the app's own database. */
const cli = (...args) => JSON.parse(execFileSync(CLI, ['--db', app.db, '--json', ...args], { encoding: 'utf8' }));

const click = (css) => clickInView(app.driver, css);

/** The library the game master made before the evening (the starters hold no goblin). */
let library = false;
function ensureLibrary() {
  if (library) return;
  cli('adversary', 'new', '--system', 'mythcraft', '--name', 'Goblin', 'max-hp', '12', 'cor', '4');
  cli('adversary', 'new', '--system', 'mythcraft', '--name', 'Wolf', 'max-hp', '14', 'cor', '3');
  library = true;
}

async function newEncounter(name) {
  await app.go('#/encounters');
  await click('[data-testid="new-encounter"]');
  const select = await $(app.driver, '[data-testid="new-encounter-system"]');
  await (await select.findElement(By.css('option[value="mythcraft"]'))).click();
  await (await $(app.driver, '[data-testid="new-encounter-name"]')).sendKeys(name);
  await click('[data-testid="new-encounter-create"]');
  await $(app.driver, '[data-testid="encounter-page"][data-system="mythcraft"]');
  await $(app.driver, '[data-testid="adversary-pick"]');
}

async function rows() {
  const list = await $$(app.driver, '[data-testid="combatant"]');
  return Promise.all(
    list.map(async (r) => ({
      name: await r.getAttribute('data-name'),
      hidden: (await r.findElements(By.css('.hidden-mark'))).length === 1,
    })),
  );
}

/**
 * Adds `count` of the library's adversary through the picker as a game master does, and
 * answers how many actions it took (a click, a key or a typed word is one): the picker
 * focused unless `focused` (it keeps the focus after an add), the first letters typed, the
 * suggestion taken with Enter (`enter`; else Tab completes the letters typed to the one
 * adversary they begin), Tab to the count (which selects it), the count typed, Enter.
 */
async function addFromLibrary(typed, wanted, count, { focused = false, enter = true } = {}) {
  let actions = 0;
  const pick = await $(app.driver, '[data-testid="adversary-pick"]');
  if (!focused) {
    await click('[data-testid="adversary-pick"]');
    actions += 1;
  }
  await pick.sendKeys(typed);
  actions += 1;
  const option = await eventually(async () => {
    const options = await $$(app.driver, '[data-testid="list-option"]');
    for (const o of options) if ((await o.getText()).trim() === wanted) return o;
    return null;
  }, `${wanted} offered by the picker`);
  assert.ok(option);
  if (enter) {
    await pick.sendKeys(Key.ENTER);
    actions += 1;
    assert.equal(await pick.getAttribute('value'), wanted, `${wanted} taken from the picker`);
  }
  await pick.sendKeys(Key.TAB);
  actions += 1;
  assert.equal(await pick.getAttribute('value'), wanted, `${wanted} in the picker`);
  const countField = await app.driver.switchTo().activeElement();
  assert.equal(await countField.getAttribute('data-testid'), 'adversary-count', 'Tab goes to the count');
  await countField.sendKeys(String(count));
  actions += 1;
  assert.equal(await countField.getAttribute('value'), String(count), 'the count typed over the 1 it held');
  await countField.sendKeys(Key.ENTER);
  actions += 1;
  await eventually(
    async () => (await rows()).filter((r) => r.name.startsWith(`${wanted} `)).length >= count,
    `${count} × ${wanted} in the order`,
  );
  await eventually(
    async () => (await app.driver.switchTo().activeElement().getAttribute('data-testid')) === 'adversary-pick',
    'the picker focused again for the next kind',
  );
  return actions;
}

for (const [w, h] of [[1280, 800], [800, 600]]) {
  test(`${w}×${h}: three hidden Goblins from the library, started, their cards printed`, async () => {
    ensureLibrary();
    await app.resize(w, h);
    const name = `Ambush ${w}x${h}`;
    await newEncounter(name);

    const hidden = await $(app.driver, '[data-testid="add-hidden"]');
    if (!(await hidden.isSelected())) await click('[data-testid="add-hidden"]');
    await addFromLibrary('Gob', 'Goblin', 3);
    assert.deepEqual(await rows(), [
      { name: 'Goblin 1', hidden: true },
      { name: 'Goblin 2', hidden: true },
      { name: 'Goblin 3', hidden: true },
    ]);

    await click('[data-testid="encounter-start"]');
    await $(app.driver, '[data-testid="encounter-current"]');
    const order = await rows();
    assert.equal(order.length, 3);
    assert.deepEqual(order.map((r) => r.name).sort(), ['Goblin 1', 'Goblin 2', 'Goblin 3']);
    assert.ok(order.every((r) => r.hidden), 'all three still hidden once the fight is under way');
    const id = (await app.driver.executeScript('return window.location.hash')).match(/encounter\/(\d+)/)[1];
    const seen = cli('encounter', 'show', id);
    assert.equal(seen.combatants.filter((c) => c.hidden && String(c.name).startsWith('Goblin ')).length, 3);
    await app.driver.executeScript("document.getElementById('main').scrollTo(0, 0)");
    await app.settle();
    await screenshot(app.driver, `70-adversaries-goblins-${w}x${h}`);

    // Print cards…: the preview of the goblins' card, on Letter, saved where the save
    // dialog would have said.
    await click('[data-testid="encounter-print-cards"]');
    await $(app.driver, '[data-testid="pdf-dialog"]');
    await (await (await $(app.driver, '[data-testid="pdf-paper"][value="letter"]')).findElement(By.xpath('..'))).click();
    await eventually(async () => {
      const box = await $(app.driver, '[data-testid="pdf-preview"]');
      return (await box.getAttribute('data-state')) === 'ready' && (await box.getAttribute('data-paper')) === 'letter';
    }, 'the cards previewed on Letter', 30_000);
    await app.settle();
    await screenshot(app.driver, `71-adversary-cards-preview-${w}x${h}`);
    await click('[data-testid="pdf-save"]');
    const file = path.join(app.saves, `${name} adversary cards.pdf`);
    await eventually(async () => existsSync(file), `${file} written`);
    assert.equal(readFileSync(file).subarray(0, 4).toString('latin1'), '%PDF');
    await eventually(async () => (await $$(app.driver, '[data-testid="pdf-dialog"]')).length === 0, 'the preview closed');
    assert.match(await (await $(app.driver, '[data-testid="encounter-print-notice"]')).getText(), /Saved .*adversary cards\.pdf in /);
  });
}

test('6 adversaries of 2 kinds from the library: the actions counted', async () => {
  ensureLibrary();
  await app.resize(1280, 800);
  await newEncounter('Wolves and goblins');
  // As BENCHMARKS.md counts it: letters typed and Tab (the picker completes them), the
  // count, Enter; the picker keeps the focus for the second kind.
  let actions = await addFromLibrary('Gob', 'Goblin', 4, { enter: false });
  actions += await addFromLibrary('Wol', 'Wolf', 2, { focused: true, enter: false });
  const names = (await rows()).map((r) => r.name);
  assert.deepEqual(names, ['Goblin 1', 'Goblin 2', 'Goblin 3', 'Goblin 4', 'Wolf 1', 'Wolf 2']);
  console.log(`METRIC library-adversaries-actions 6-of-2-kinds ${actions}`);
  assert.ok(actions < 10, `fewer than 10 actions for the 6 (took ${actions})`);
});

test('the library page lists the starters, opens a stat block with what the rules derive, and saves a new adversary', async () => {
  await app.resize(1280, 800);
  await app.go('#/adversaries');
  await eventually(async () => (await $$(app.driver, '[data-testid="adversary-row"]')).length >= 45, "the five systems' starters");
  await screenshot(app.driver, '74-adversaries-library');
  const filter = await $(app.driver, '[data-testid="adversary-filter"]');
  await filter.sendKeys('Polandrus');
  await eventually(async () => (await $$(app.driver, '[data-testid="adversary-row"]')).length === 1, 'Polandrus alone');
  await click('[data-testid="adversary-link"]');
  await $(app.driver, '[data-testid="adversary-block"]');
  const derived = await (await $(app.driver, '[data-testid="adversary-derived"]')).getText();
  assert.match(derived, /Soak/, derived);
  assert.match(await (await $(app.driver, '[data-testid="adversary-source"]')).getText(), /Ars Magica/);
  await screenshot(app.driver, '75-adversary-block');

  await app.go('#/adversaries/new/mythcraft');
  await (await $(app.driver, '[data-testid="adversary-name"]')).sendKeys('Goblin boss');
  const hp = await $(app.driver, '[data-testid="adversary-stat-field"][data-key="max-hp"] input');
  await hp.clear();
  await hp.sendKeys('15');
  await click('[data-testid="adversary-save"]');
  await $(app.driver, '[data-testid="adversary-block"]');
  const saved = cli('adversary', 'show', 'Goblin boss');
  assert.equal((saved.adversary ?? saved).stats['max-hp'], 15, JSON.stringify(saved).slice(0, 300));
});

test("an adversary's revisions, a confirmed restore, its file exported and imported, an attack from the reference", async () => {
  await app.resize(1280, 800);
  const boss = cli('adversary', 'show', 'Goblin boss');
  const id = (boss.adversary ?? boss).id;
  await app.go(`#/adversary/${id}`);
  await $(app.driver, '[data-testid="adversary-block"]');
  // A second revision: 18 HP, and a maneuver picked from the reference (MythCraft's are maneuvers).
  await click('[data-testid="adversary-edit"]');
  const hp = await $(app.driver, '[data-testid="adversary-stat-field"][data-key="max-hp"] input');
  await hp.clear();
  await hp.sendKeys('18');
  const picker = await $(app.driver, '[data-testid="adversary-attack-picker"] [data-testid="entry-picker-input"]');
  await app.driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', picker);
  await picker.click();
  await picker.sendKeys('shove');
  const offered = '[data-testid="adversary-attack-picker"] [data-testid="entry-picker-option"]';
  await eventually(async () => (await $$(app.driver, offered)).length > 0, 'the reference offered');
  await screenshot(app.driver, '76-adversary-attack-picker');
  const rows = (await $$(app.driver, '[data-testid="adversary-attack-row"]')).length;
  await (await $(app.driver, offered)).click();
  await eventually(async () => (await $$(app.driver, '[data-testid="adversary-attack-entry"]')).length > 0 && (await $$(app.driver, '[data-testid="adversary-attack-row"]')).length === rows + 1, 'the picked attack in the form, with its entry');
  await click('[data-testid="adversary-save"]');
  await $(app.driver, '[data-testid="adversary-block"]');
  await eventually(async () => (await $$(app.driver, '[data-testid="revision"]')).length === 2, 'two revisions listed');
  // Back to the first, after saying so.
  await click('[data-testid="restore-revision"][data-number="1"]');
  await $(app.driver, '[data-testid="restore-confirm"]');
  await screenshot(app.driver, '77-adversary-restore-confirm');
  await click('[data-testid="restore-confirm"]');
  await eventually(async () => /Restored revision 1/.test(await (await $(app.driver, '[data-testid="adversary-history-notice"]')).getText()), 'the restore said');
  const restored = cli('adversary', 'show', 'Goblin boss');
  assert.equal((restored.adversary ?? restored).stats['max-hp'], 15);
  // Its file, through the save dialog, and back in through the library's Import.
  await click('[data-testid="adversary-export"]');
  const saved = path.join(app.saves, 'Goblin boss.adversary.tome.json');
  const text = await eventually(async () => (existsSync(saved) ? readFileSync(saved, 'utf8') : null), `${saved} written`);
  assert.equal(JSON.parse(text).adversary.name, 'Goblin boss');
  await app.go('#/adversaries');
  await click('[data-testid="import-adversary"]');
  const file = () => $(app.driver, '[data-testid="import-adversary-dialog"] [data-testid="import-file"]');
  await (await file()).sendKeys(saved);
  // The name is taken in the library: refused, saying so, and nothing written.
  const refused = await eventually(async () => (await $$(app.driver, '[data-testid="import-adversary-dialog"] [data-testid="import-error"]'))[0], 'the refusal');
  assert.equal(await refused.getAttribute('data-code'), 'invalid_input');
  assert.match(await refused.getText(), /already has an adversary called Goblin boss/);
  await screenshot(app.driver, '78-adversary-import-refused');
  // Renamed in the library, the same file goes in as a new adversary.
  cli('adversary', 'set', 'Goblin boss', 'name', 'Goblin chief');
  // The same file chosen again: the input is emptied first, as a person's second pick would be.
  await app.driver.executeScript("arguments[0].value = ''", await file());
  await (await file()).sendKeys(saved);
  await eventually(async () => {
    const hash = await app.driver.executeScript('return location.hash');
    return /^#\/adversary\/\d+$/.test(hash) && hash !== `#/adversary/${id}`;
  }, 'the imported adversary open');
  assert.match(await (await $(app.driver, '[data-testid="adversary-title"]')).getText(), /Goblin boss/);
});

test('a Primal Wild duelist and an MLAF position player are made in the app, each with its own stats', async () => {
  await app.resize(1280, 800);
  // The Duel Arcane's stats, with their ranges from the core.
  await app.go('#/adversaries/new/primal-wild/duel');
  await (await $(app.driver, '[data-testid="adversary-name"]')).sendKeys('Rival mage');
  const gnosis = await $(app.driver, '[data-testid="adversary-stat-field"][data-key="gnosis"] input');
  await gnosis.clear();
  await gnosis.sendKeys('3');
  const range = await (await $(app.driver, '[data-testid="adversary-stat-field"][data-key="gnosis"] [data-testid="adversary-stat-range"]')).getText();
  assert.match(range, /1\D+10/, range);
  await screenshot(app.driver, '79-adversary-new-duelist');
  // Issue 59: a duelist with no two Arcana could never clash, and the library says so.
  await click('[data-testid="adversary-save"]');
  await eventually(
    async () => /two Arcana/.test(await (await $(app.driver, '[data-testid="adversary-form"]')).getText()),
    'the refusal: a duelist needs two Arcana',
  );
  for (const [arcanum, dots] of [['forces', '3'], ['prime', '2']]) {
    const field = await $(app.driver, `[data-testid="adversary-stat-field"][data-key="${arcanum}"] input`);
    await field.clear();
    await field.sendKeys(dots);
  }
  await click('[data-testid="adversary-save"]');
  await $(app.driver, '[data-testid="adversary-block"]');
  const mage = cli('adversary', 'show', 'Rival mage');
  assert.equal((mage.adversary ?? mage).stats.gnosis, 3);
  assert.equal((mage.adversary ?? mage).stats.forces, 3);
  assert.equal((mage.adversary ?? mage).mode, 'duel');
  // An MLAF player by roster position: the position brings its skills and racial spell.
  await app.go('#/adversaries/new/mlaf');
  await (await $(app.driver, '[data-testid="adversary-name"]')).sendKeys('Rival siren');
  await (await $(app.driver, '[data-testid="adversary-position-input"]')).sendKeys('Siren');
  await click('[data-testid="adversary-save"]');
  await $(app.driver, '[data-testid="adversary-block"]');
  await screenshot(app.driver, '80-adversary-mlaf-position');
  const siren = cli('adversary', 'show', 'Rival siren');
  assert.equal((siren.adversary ?? siren).position, 'mlaf/position/siren');
});

