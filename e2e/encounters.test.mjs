// The game master's encounter screen in the real app: an Ars Magica fight of three with a
// tie re-rolled and a Medium wound with its penalty; a MythCraft hero dropping to 0 HP
// and gaining a Death Point, a Stunned running out after its round, and three undos;
// pictures in both themes at 1280×800 and 800×600 (how fast a turn paints is measured
// in speed.test.mjs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { appForTests, clickInView, screenshot, $, $$, eventually, By, Key, ROOT } from './harness.mjs';

const app = appForTests();
const CLI = process.env.TOME_CLI ?? path.join(ROOT, 'target', 'debug', 'tome');
/** The CLI on the app's own database. */
const cli = (...args) => JSON.parse(execFileSync(CLI, ['--db', app.db, '--json', ...args], { encoding: 'utf8' }));

const click = (css) => clickInView(app.driver, css);

const text = async (css) => (await $(app.driver, css)).getText();
const said = () => text('[data-testid="encounter-said"]');
const row = (name) => $(app.driver, `[data-testid="combatant"][data-name="${name}"]`);

async function newEncounter(system, name) {
  await app.go('#/encounters');
  await click('[data-testid="new-encounter"]');
  const select = await $(app.driver, '[data-testid="new-encounter-system"]');
  await (await select.findElement(By.css(`option[value="${system}"]`))).click();
  await (await $(app.driver, '[data-testid="new-encounter-name"]')).sendKeys(name);
  await click('[data-testid="new-encounter-create"]');
  await $(app.driver, `[data-testid="encounter-page"][data-system="${system}"]`);
}

async function addNpc(name, stats) {
  const input = await $(app.driver, '[data-testid="npc-name"]');
  await app.driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', input);
  await input.clear();
  await input.sendKeys(name);
  for (const [key, value] of Object.entries(stats)) {
    const field = await $(app.driver, `[data-stat="${key}"]`);
    // Beyond the first few, a stat waits under "More stats"; a yes/no one is a box.
    await app.driver.executeScript('const d = arguments[0].closest("details"); if (d) d.open = true;', field);
    if ((await field.getAttribute('type')) === 'checkbox') {
      if ((await field.isSelected()) !== (Number(value) === 1)) await field.click();
    } else {
      await field.clear();
      await field.sendKeys(String(value));
    }
  }
  await click('[data-testid="npc-add"]');
  await row(name);
  for (const key of Object.keys(stats)) {
    const field = await $(app.driver, `[data-stat="${key}"]`);
    if ((await field.getAttribute('type')) !== 'checkbox') await field.clear();
  }
}

async function start(rolls) {
  for (const [name, roll] of Object.entries(rolls)) {
    const input = await $(app.driver, `[data-testid="start-roll"][data-name="${name}"]`);
    await input.sendKeys(String(roll));
  }
  await click('[data-testid="encounter-start"]');
  await $(app.driver, '[data-testid="encounter-current"]');
}

async function order() {
  const rows = await $$(app.driver, '[data-testid="combatant"]');
  return Promise.all(rows.map((r) => r.getAttribute('data-name')));
}

async function hurt(name, amount, button = 'hurt-damage') {
  const select = await $(app.driver, '[data-testid="hurt-target"]');
  await app.driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', select);
  await (await select.findElement(By.css(`option[value="${name}"]`))).click();
  const field = await $(app.driver, '[data-testid="hurt-amount"]');
  await field.clear();
  await field.sendKeys(String(amount));
  await click(`[data-testid="${button}"]`);
}

const key = (k, mods = {}) =>
  app.driver.executeScript(
    'document.activeElement?.blur(); window.dispatchEvent(new KeyboardEvent("keydown", { key: arguments[0], ctrlKey: !!arguments[1], shiftKey: !!arguments[2], bubbles: true }))',
    k,
    mods.ctrl ?? false,
    mods.shift ?? false,
  );

/** The screen as it is now, at 1280×800 and 800×600 in both themes (back to light 1280×800 after). */
async function looks(name) {
  for (const theme of ['light', 'dark']) {
    await app.theme(theme);
    for (const [w, h] of [[1280, 800], [800, 600]]) {
      await app.resize(w, h);
      await app.driver.executeScript("document.getElementById('main').scrollTo(0, 0)");
      await app.settle();
      await screenshot(app.driver, `${name}-${theme}-${w}x${h}`);
    }
  }
  await app.theme('light');
  await app.resize(1280, 800);
}

test('an Ars Magica fight of three: a tie re-rolled, a Medium wound and its penalty', async () => {
  await app.resize(1280, 800);
  await newEncounter('ars-magica', 'Bridge of Three');
  await addNpc('Knight', { initiative: 3, soak: 8 });
  await addNpc('Squire', { initiative: 3, soak: 4 });
  await addNpc('Bandit', { initiative: 1, soak: 3 });
  // The Knight and the Squire both reach 8: Tome re-rolls between them only.
  await start({ Knight: 5, Squire: 5, Bandit: 2 });
  const first = await order();
  assert.equal(first.length, 3);
  assert.equal(first[2], 'Bandit', 'the re-roll orders the tied two, never past the Bandit');
  const log = await text('[data-testid="encounter-log"]');
  assert.match(log, /re-rolls a tie/);
  // A Damage Total of 12 against Soak 3 is 9 past: a Medium wound, -3.
  await hurt('Bandit', 12);
  await eventually(async () => /medium wound/.test(await said()), 'the wound said');
  const bandit = await row('Bandit');
  await eventually(async () => /Penalty\s*-3/.test(await bandit.getText()), 'the penalty on the Bandit');
  await looks('50-encounter-ars-magica');
});

test('MythCraft: 0 HP and a Death Point, Stunned running out, three undos', async () => {
  await newEncounter('mythcraft', 'Ogre bridge');
  // An adventurer gains Death Points at 0 HP; a monster dies unless the MC says otherwise.
  await addNpc('Hero', { 'max-hp': 20, coordination: 2, adventurer: 1 });
  await addNpc('Ogre', { 'max-hp': 40 });
  await start({ Hero: 15, Ogre: 2 });
  assert.equal(await text('[data-testid="encounter-current"]'), 'Hero');
  await hurt('Hero', 20);
  await eventually(async () => /HP\s*0/.test(await (await row('Hero')).getText()), 'the hero at 0 HP');
  await key('n');
  await eventually(async () => (await text('[data-testid="encounter-current"]')) === 'Ogre', "the Ogre's turn");
  await eventually(async () => /Death points\s*1/.test(await (await row('Hero')).getText()), 'a Death Point for ending the turn at 0 HP');
  // Stunned for one round on the Ogre, whose turn it is: it runs out when that turn ends.
  // Found by the app's search, misspelt, with its rule card; Enter takes it.
  await click('[data-testid="hurt-target"] option[value="Ogre"]');
  const field = await $(app.driver, '[data-testid="condition-name"]');
  await field.sendKeys('stuned');
  await $(app.driver, '[data-testid="condition-option"][data-id="mythcraft/condition/stunned"]');
  await field.sendKeys(Key.ARROW_DOWN);
  await $(app.driver, '[data-testid="condition-option"][data-id="mythcraft/condition/stunned"][aria-selected="true"]');
  const card = await $(app.driver, '[data-testid="condition-card"][data-id="mythcraft/condition/stunned"]');
  assert.match(await card.getText(), /Stunned/);
  await app.settle();
  await screenshot(app.driver, '51a-condition-search');
  await field.sendKeys(Key.ENTER);
  await eventually(async () => (await field.getAttribute('value')) === 'Stunned', 'the suggestion taken');
  await (await $(app.driver, '[data-testid="condition-length"]')).sendKeys('1');
  await click('[data-testid="condition-add"]');
  await $(app.driver, '[data-testid="combatant"][data-name="Ogre"] [data-testid="condition"][data-name="Stunned"]');
  await looks('51-encounter-mythcraft');
  await key('n');
  await eventually(async () => /Stunned ends/.test(await said()), 'the expiry announced');
  assert.equal((await $$(app.driver, '[data-testid="condition"][data-name="Stunned"]')).length, 0);
  // Three undos: the turn, the condition, the turn before.
  for (let i = 0; i < 3; i++) {
    const before = await (await $(app.driver, '[data-testid="encounter-log"]')).getText();
    await key('z', { ctrl: true });
    await eventually(async () => (await (await $(app.driver, '[data-testid="encounter-log"]')).getText()) !== before, `undo ${i + 1}`);
  }
  assert.equal(await text('[data-testid="encounter-current"]'), 'Hero');
  assert.match(await (await row('Hero')).getText(), /Death points\s*0/);
  await key('z', { ctrl: true, shift: true });
  await eventually(async () => (await text('[data-testid="encounter-current"]')) === 'Ogre', 'redo');
});

test('the player view: a second window that follows the turn and never shows a hidden goblin', async () => {
  await newEncounter('mythcraft', 'Goblin ambush');
  await addNpc('Goblin', { 'max-hp': 12 });
  await addNpc('Wolf', { 'max-hp': 14 });
  await addNpc('Lurker', { 'max-hp': 9 });
  await click('[data-testid="combatant"][data-name="Lurker"] [data-testid="combatant-hide"]');
  await eventually(async () => /hidden/.test(await (await row('Lurker')).getText()), 'the Lurker hidden');
  await start({ Goblin: 12, Wolf: 8, Lurker: 4 });
  await hurt('Goblin', 7);
  await click('[data-testid="hurt-target"] option[value="Wolf"]');
  await (await $(app.driver, '[data-testid="condition-name"]')).sendKeys('Prone');
  await (await $(app.driver, '[data-testid="condition-length"]')).sendKeys('2');
  await click('[data-testid="condition-add"]');
  await $(app.driver, '[data-testid="combatant"][data-name="Wolf"] [data-testid="condition"][data-name="Prone"]');
  await eventually(async () => /Bloodied/.test(await (await row('Goblin')).getText()), 'the goblin Bloodied');
  const main = await app.driver.getWindowHandle();
  await click('[data-testid="open-player-view"]');
  const player = await eventually(async () => (await app.driver.getAllWindowHandles()).find((h) => h !== main), 'a second window');
  await app.driver.switchTo().window(player);
  try {
    await $(app.driver, '[data-testid="player-combatant"][data-name="Goblin"]');
    const names = await Promise.all((await $$(app.driver, '[data-testid="player-combatant"]')).map((e) => e.getAttribute('data-name')));
    assert.deepEqual(names, ['Goblin', 'Wolf']);
    assert.equal(await text('[data-testid="player-current"]'), 'Goblin');
    const page = await app.driver.getPageSource();
    assert.ok(!page.includes('Lurker'), 'the hidden name is not in the DOM');
    assert.match(await text('[data-testid="player-view"]'), /Bloodied/);
    assert.doesNotMatch(await text('[data-testid="player-view"]'), /\b5 of 12\b/);
    // What the window can reach: only player_view; the GM's own view is refused.
    const refused = await app.driver.executeAsyncScript(`
      const done = arguments[0];
      window.__TAURI_INTERNALS__.invoke('encounter', { id: 3 }).then(() => done('answered'), (e) => done(String(e)));
    `);
    assert.notEqual(refused, 'answered', 'the player window may not read the game master view');
    assert.ok(!String(refused).includes('Lurker'));
    // Large enough to read across the table, on a TV and a small screen, in both themes
    // (the player window follows the theme chosen on the GM's screen).
    for (const theme of ['light', 'dark']) {
      await app.driver.switchTo().window(main);
      await app.theme(theme);
      await app.driver.switchTo().window(player);
      await eventually(async () => (await (await $(app.driver, 'html')).getAttribute('data-theme')) === theme, `the player view ${theme}`);
      for (const [w, h] of [[1920, 1080], [1280, 720]]) {
        await app.driver.manage().window().setRect({ width: w, height: h });
        await app.settle(600);
        // Nothing cut off or scrolled away: the order fits the window.
        const fits = await app.driver.executeScript('return document.documentElement.scrollWidth <= window.innerWidth + 1');
        assert.ok(fits, `the player view fits ${w}×${h}`);
        await screenshot(app.driver, `55-player-view-${theme}-${w}x${h}`);
      }
    }
    await app.driver.switchTo().window(main);
    await app.theme('light');
    await app.driver.switchTo().window(player);
    // It follows the game master's screen: the turn passes to the hidden Lurker, and the
    // screen names nobody rather than it.
    await app.driver.switchTo().window(main);
    await key('n');
    await app.driver.switchTo().window(player);
    await eventually(async () => (await text('[data-testid="player-current"]')) === 'Wolf', 'the turn followed');
    await app.driver.switchTo().window(main);
    await key('n');
    await app.driver.switchTo().window(player);
    await eventually(async () => (await $$(app.driver, '[data-testid="player-current"]')).length === 0, 'the hidden one acting: nobody named');
    assert.ok(!(await app.driver.getPageSource()).includes('Lurker'));
  } finally {
    await app.driver.close();
    await app.driver.switchTo().window(main);
  }
});

test('the Duel Arcane has its own layout', async () => {
  const e = String(cli('encounter', 'new', '--system', 'primal-wild', '--mode', 'duel', '--name', 'Duel at the Hallow').id);
  cli('encounter', 'add', e, '--npc', 'Ada', '--stat', 'gnosis=3', '--stat', 'forces=3', '--stat', 'prime=2', '--stat', 'wp=5');
  cli('encounter', 'add', e, '--npc', 'Bram', '--stat', 'gnosis=2', '--stat', 'death=2', '--stat', 'mind=2', '--stat', 'wp=4');
  cli('encounter', 'start', e);
  cli('encounter', 'act', e, 'arms', 'Ada', '--sword', 'forces', '--shield', 'prime');
  cli('encounter', 'act', e, 'arms', 'Bram', '--sword', 'death', '--shield', 'mind');
  cli('encounter', 'act', e, 'clash', '--rolls', 'Ada=3,Bram=1');
  await app.go(`#/encounter/${e}`);
  const bram = await $(app.driver, '[data-testid="duelist"][data-name="Bram"] [data-testid="shield-boxes"]');
  assert.equal(await bram.getAttribute('data-filled'), '2');
  // The pool builder: Gnosis + Sword, a die off each for a noisy hall, the table's rolls.
  const pool = (name) => $(app.driver, `[data-testid="clash-pool"][data-name="${name}"]`);
  assert.equal(await (await pool('Ada')).getAttribute('data-dice'), '6');
  assert.equal(await (await pool('Bram')).getAttribute('data-dice'), '4');
  // Chosen as a player's select does (an option of a closed list has no place of its own to
  // click: WebDriver's click lands on whatever is at the list's corner).
  await app.driver.executeScript(
    `const s = document.querySelector('[data-testid="clash-distraction"]');
     s.value = '1';
     s.dispatchEvent(new Event('change', { bubbles: true }));`,
  );
  await eventually(async () => (await (await pool('Ada')).getAttribute('data-dice')) === '5', 'distraction off the pool');
  await looks('56-encounter-duel');
  for (const [name, n] of [['Ada', 3], ['Bram', 1]]) {
    await (await (await pool(name)).findElement(By.css('[data-testid="clash-successes"]'))).sendKeys(String(n));
  }
  await click('[data-testid="clash-run"]');
  // Ada wins by 2 again: Bram's Shield is full, so the 2 go into his Gnosis.
  await eventually(
    async () => (await (await $(app.driver, '[data-testid="duelist"][data-name="Bram"] [data-testid="gnosis-boxes"]')).getAttribute('data-filled')) === '2',
    "psychic damage in Bram's Gnosis",
  );
  assert.match(await said(), /Ada/);
});
