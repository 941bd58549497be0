// An accessibility audit with axe-core, in the real webview: every kind of page a player
// or a game master uses, in both themes. No serious or critical violation may remain;
// what axe could not decide (colour contrast over images or gradients) is written to
// target/e2e/axe.json for a person to review.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { launch, $, eventually, screenshot, SHOTS, ROOT } from './harness.mjs';

const CLI = process.env.TOME_CLI ?? path.join(ROOT, 'target', 'debug', 'tome');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let app;
const report = { violations: [], review: [] };

before(async () => {
  app = await launch({
    prepare(db) {
      for (const [system, name] of [['ars-magica', 'Brother Aldo'], ['mythcraft', 'Sefa']]) {
        execFileSync(CLI, ['--db', db, 'character', 'new', '--system', system, '--name', name]);
      }
      // Encounter 1: a started MythCraft fight of 8 (the tracker with its sticky bar);
      // encounter 2: a Duel Arcane, armed, after one clash (the duel board).
      const cli = (...args) => execFileSync(CLI, ['--db', db, ...args]);
      cli('encounter', 'new', '--system', 'mythcraft', '--name', 'The bridge');
      cli('encounter', 'add', '1', '--npc', 'Wren', '--stat', 'max-hp=20', '--stat', 'awareness=3', '--stat', 'adventurer=1');
      cli('encounter', 'add', '1', '--npc', 'Skulker', '--stat', 'max-hp=14', '--stat', 'awareness=2');
      cli('encounter', 'add', '1', '--npc', 'Goblin', '--count', '4', '--stat', 'max-hp=8');
      cli('encounter', 'add', '1', '--npc', 'Wolf', '--count', '2', '--stat', 'max-hp=10');
      cli('encounter', 'start', '1', '--roll', 'Wren=9', '--roll', 'Skulker=17', '--roll', 'Goblin 1=12', '--roll', 'Goblin 2=11', '--roll', 'Goblin 3=6', '--roll', 'Goblin 4=4', '--roll', 'Wolf 1=14', '--roll', 'Wolf 2=2');
      cli('encounter', 'new', '--system', 'primal-wild', '--mode', 'duel', '--name', 'Duel at the Hallow');
      cli('encounter', 'add', '2', '--npc', 'Ada', '--stat', 'gnosis=3', '--stat', 'forces=3', '--stat', 'prime=2', '--stat', 'wp=5');
      cli('encounter', 'add', '2', '--npc', 'Bram', '--stat', 'gnosis=2', '--stat', 'death=2', '--stat', 'mind=2', '--stat', 'wp=4');
      cli('encounter', 'start', '2');
      cli('encounter', 'act', '2', 'arms', 'Ada', '--sword', 'forces', '--shield', 'prime');
      cli('encounter', 'act', '2', 'arms', 'Bram', '--sword', 'death', '--shield', 'mind');
      cli('encounter', 'act', '2', 'clash', '--rolls', 'Ada=3,Bram=1');
    },
  });
  await app.driver.executeScript(AXE);
});

after(async () => {
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(path.join(SHOTS, 'axe.json'), JSON.stringify(report, null, 2) + '\n');
  await app?.close();
});

/** Runs axe on the page as it is; answers its violations and what it left for review. */
async function audit() {
  return app.driver.executeAsyncScript(`const done = arguments[0];
    axe.run(document, { resultTypes: ['violations', 'incomplete'] }).then(
      (r) => done({
        violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) })),
        incomplete: r.incomplete.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ') + ': ' + (n.any[0]?.message ?? '')).slice(0, 5) })),
      }),
      (e) => done({ error: String(e) }),
    );`);
}

const PAGES = [
  ['home', '#/', '[data-testid="home"]'],
  ['an entry', '#/entry/mythcraft/condition/broken', '[data-testid="entry-view"]'],
  ['an Ars Magica sheet', '#/character/1', '[data-testid="derived-stat"]'],
  ['a MythCraft sheet', '#/character/2', '[data-testid="derived-stat"]'],
  ['a calculator', '#/calc/ars-magica/encumbrance', '[data-testid="calculator"]'],
  ['the calculators', '#/calc', '[data-testid="calc-link"]'],
  ['a roll table', '#/entry/mlaf/table/spell-table', '[data-testid="roll-table"]'],
  ['the weapons', '#/browse/ars-magica/weapon', '[data-testid="weapon-table"]'],
  ['the tracker, 8 combatants', '#/encounter/1', '[data-testid="hurt-panel"]'],
  ['the duel board', '#/encounter/2', '[data-testid="clash-builder"]'],
];

for (const theme of ['light', 'dark']) {
  test(`axe finds nothing serious or critical in the ${theme} theme`, async () => {
    await app.theme(theme);
    const serious = [];
    const check = async (name) => {
      await app.settle(150);
      const r = await audit();
      assert.ok(!r.error, `${name}: axe failed: ${r.error}`);
      for (const v of r.violations) {
        report.violations.push({ theme, page: name, ...v });
        if (v.impact === 'serious' || v.impact === 'critical') serious.push(`${name}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.join(', ')}`);
      }
      for (const v of r.incomplete) report.review.push({ theme, page: name, ...v });
    };
    for (const [name, hash, ready] of PAGES) {
      await app.go(hash);
      await $(app.driver, ready);
      await check(name);
    }
    // The search list, open.
    const box = await $(app.driver, '[data-testid="search-input"]');
    await box.clear();
    await box.sendKeys('sword');
    await eventually(async () => (await app.driver.findElements({ css: '[data-testid="search-result"]' })).length > 2, 'results');
    await check('the open search list');
    await box.clear();
    // The tracker's condition list, open above the bar, and an action's fields.
    await app.go('#/encounter/1');
    const condition = await $(app.driver, '[data-testid="condition-name"]');
    await condition.sendKeys('pro');
    await $(app.driver, '[data-testid="condition-option"]');
    await check('the tracker, its condition list open');
    await condition.clear();
    await app.driver.executeScript(
      `const s = document.querySelector('[data-testid="action-name"]');
       s.value = 'attack';
       s.dispatchEvent(new Event('change', { bubbles: true }));`,
    );
    await $(app.driver, '[data-testid="action-fields"]');
    await check("the tracker, an action's fields open");
    // The new-encounter dialog.
    await app.go('#/encounters');
    await eventually(async () => (await $(app.driver, '[data-testid="new-encounter"]')).isEnabled(), 'the dialog can open');
    await (await $(app.driver, '[data-testid="new-encounter"]')).click();
    await $(app.driver, '[data-testid="new-encounter-name"]');
    await check('the new-encounter dialog');
    // The player window (a window of its own: axe is put in it too); leaving the list
    // closes the dialog with it. It stays open between the two themes: WebDriver's close
    // takes the page away but leaves Tauri's window registered, so a second Open would
    // only show the empty window. Its theme must follow the main window's.
    await app.go('#/encounter/2');
    const main = await app.driver.getWindowHandle();
    await (await $(app.driver, '[data-testid="open-player-view"]')).click();
    const player = await eventually(async () => (await app.driver.getAllWindowHandles()).find((h) => h !== main), 'the player window');
    await app.driver.switchTo().window(player);
    try {
      await $(app.driver, '[data-testid="player-combatant"]');
      await eventually(async () => (await (await $(app.driver, 'html')).getAttribute('data-theme')) === theme, `the player window in the ${theme} theme`);
      if (!(await app.driver.executeScript('return typeof axe !== "undefined"'))) await app.driver.executeScript(AXE);
      await check('the player window (a duel)');
      await screenshot(app.driver, `57-player-view-duel-${theme}`);
    } finally {
      await app.driver.switchTo().window(main);
    }
    assert.deepEqual(serious, [], serious.join('\n'));
  });
}
