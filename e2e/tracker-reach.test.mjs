// Issue 33, the tracker in one hand: a MythCraft round with 8 combatants played from the
// action bar at 1280×800 and 800×600 (a hit, a condition, the next turn), each control it
// uses checked to be in the window and on top (no scrolling), and the user actions a turn
// takes counted (BENCHMARKS.md, "The tracker in one hand"). The condition picker's keys
// follow the rule every picker keeps (nothing highlighted until ↓).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { appForTests, screenshot, $, eventually, Key, ROOT } from './harness.mjs';

const app = appForTests();
const CLI = process.env.TOME_CLI ?? path.join(ROOT, 'target', 'debug', 'tome');
const cli = (...args) => JSON.parse(execFileSync(CLI, ['--db', app.db, '--json', ...args], { encoding: 'utf8' }));

/** A started MythCraft fight of 8; its id. */
function bridge(name) {
  const e = String(cli('encounter', 'new', '--system', 'mythcraft', '--name', name).id);
  cli('encounter', 'add', e, '--npc', 'Wren', '--stat', 'max-hp=20', '--stat', 'awareness=3', '--stat', 'adventurer=1');
  cli('encounter', 'add', e, '--npc', 'Skulker', '--stat', 'max-hp=14', '--stat', 'awareness=2');
  cli('encounter', 'add', e, '--npc', 'Goblin', '--count', '4', '--stat', 'max-hp=8');
  cli('encounter', 'add', e, '--npc', 'Wolf', '--count', '2', '--stat', 'max-hp=10', '--stat', 'ar=12');
  const rolls = { Wren: 9, Skulker: 17, 'Goblin 1': 12, 'Goblin 2': 11, 'Goblin 3': 6, 'Goblin 4': 4, 'Wolf 1': 14, 'Wolf 2': 2 };
  cli('encounter', 'start', e, ...Object.entries(rolls).flatMap(([n, r]) => ['--roll', `${n}=${r}`]));
  return e;
}

/** Whether the element is wholly inside the window and is what a click at its centre hits. */
const reachable = (el) =>
  app.driver.executeScript(
    `const el = arguments[0];
     const r = el.getBoundingClientRect();
     if (r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
     const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
     // A field's own label counts as the field (a click on it lands there); two things in
     // no label are not one.
     const label = el.closest('label');
     return hit === el || el.contains(hit) || (label !== null && hit !== null && hit.closest('label') === label);`,
    el,
  );

/** Keys to whatever has the focus, as a keyboard sends them (no scrolling into view). */
const type = (...keys) => app.driver.actions().sendKeys(...keys).perform();

const scrollTop = () => app.driver.executeScript("return document.getElementById('main').scrollTop");

/** A key to the page (not to a field), as the GM presses it with nothing focused. */
const key = (k) =>
  app.driver.executeScript(
    'document.activeElement?.blur(); window.dispatchEvent(new KeyboardEvent("keydown", { key: arguments[0], bubbles: true }))',
    k,
  );

// The system's own actions (issue 33) are in the bar too: the choice and "Do it".
const CONTROLS = ['hurt-target', 'hurt-amount', 'hurt-type', 'hurt-damage', 'condition-name', 'condition-length', 'condition-add', 'bar-next', 'encounter-said', 'action-name', 'action-run'];

for (const [w, h] of [[1280, 800], [800, 600]]) {
  test(`a MythCraft round of 8 at ${w}×${h}: a hit, a condition, next, with no scrolling by hand`, async () => {
    const e = bridge(`Bridge ${w}`);
    await app.resize(w, h);
    await app.go(`#/encounter/${e}`);
    await $(app.driver, '[data-testid="encounter-page"][data-system="mythcraft"]');
    await app.driver.executeScript("document.getElementById('main').scrollTo(0, 0)");
    await app.settle();
    for (const id of CONTROLS) {
      assert.ok(await reachable(await $(app.driver, `[data-testid="${id}"]`)), `${id} in reach at ${w}×${h}`);
    }
    // The hit: D, the amount, the type chosen by its first letter, Enter. Typed as a
    // keyboard types, into whatever has the focus: WebDriver's element sendKeys scrolls
    // its element into view first (WebKit scrolls a sticky bar's field to where the bar
    // would sit unstuck), which no player's key press does.
    assert.equal(await (await $(app.driver, '[data-testid="hurt-target"]')).getAttribute('value'), 'Skulker', 'the acting combatant selected');
    await key('d');
    await type('5', Key.TAB, 'f', Key.SHIFT, Key.TAB, Key.NULL, Key.ENTER);
    await eventually(async () => /HP\s*9/.test(await (await $(app.driver, '[data-testid="combatant"][data-name="Skulker"]')).getText()), 'the hit');
    assert.ok(await reachable(await $(app.driver, '[data-testid="encounter-said"]')), 'the result said in view');
    // The condition: C, its name, Enter (the first suggestion), Enter (added): 4 actions.
    await key('c');
    const field = await $(app.driver, '[data-testid="condition-name"]');
    await type('Prone');
    await $(app.driver, '[data-testid="condition-option"]');
    await type(Key.ENTER);
    await eventually(async () => (await field.getAttribute('value')) === 'Prone', 'the suggestion taken');
    await type(Key.ENTER);
    await $(app.driver, '[data-testid="combatant"][data-name="Skulker"] [data-testid="condition"][data-name="Prone"]');
    await screenshot(app.driver, `60-tracker-reach-${w}x${h}`);
    // The system's Attack: chosen in the bar, its first fields open above the bar and in
    // reach with "Do it"; closed again with its × (not counted: the round above is run
    // with the bar's own controls).
    // Chosen as a player's select does (WebDriver's click on an option lands on whatever
    // is at the list's corner).
    await app.driver.executeScript(
      `const s = document.querySelector('[data-testid="action-name"]');
       s.value = 'attack';
       s.dispatchEvent(new Event('change', { bubbles: true }));`,
    );
    await $(app.driver, '[data-testid="action-fields"]');
    for (const css of ['[data-testid="action-fields"] [data-param="target"]', '[data-testid="action-fields"] [data-param="roll"]', '[data-testid="action-run"]', '[data-testid="action-who"]']) {
      assert.ok(await reachable(await $(app.driver, css)), `${css} in reach at ${w}×${h}`);
    }
    // Issue 44: the open form covers neither whoever acts nor the header's controls.
    const actor = await $(app.driver, '[data-testid="combatant"][data-name="Skulker"] [data-testid="combatant-pick"]');
    assert.ok(await reachable(actor), `the acting Skulker still in view with the form open at ${w}×${h}`);
    // Nor does it reach over the app's top bar (the page's header may scroll away, as a
    // page does, but is never drawn over).
    const over = await app.driver.executeScript(
      `const form = document.querySelector('[data-testid="action-fields"]').getBoundingClientRect();
       return form.top - document.querySelector('.topbar').getBoundingClientRect().bottom;`,
    );
    assert.ok(over >= 0, `the form stays below the top bar at ${w}×${h} (${over} px)`);
    await screenshot(app.driver, `60-tracker-reach-attack-${w}x${h}`);
    // The attack in six actions, By already whoever acts: the action (above), the target,
    // the roll, the damage, melee or ranged, Do it. Tome reads the Wolf's AR and a
    // creature's one action for the AP.
    const choose = (css, value) =>
      app.driver.executeScript(
        `const s = document.querySelector(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change', { bubbles: true }));`,
        css,
        value,
      );
    let actions = 1;
    await choose('[data-testid="action-fields"] select[data-param="target"]', 'Wolf 1');
    actions++;
    await (await $(app.driver, '[data-testid="action-fields"] [data-param="roll"]')).sendKeys('15');
    actions++;
    await (await $(app.driver, '[data-testid="action-fields"] [data-param="amount"]')).sendKeys('4');
    actions++;
    await choose('[data-testid="action-fields"] select[data-param="range"]', 'melee');
    actions++;
    await (await $(app.driver, '[data-testid="action-run"]')).click();
    actions++;
    await eventually(async () => /HP\s*6/.test(await (await $(app.driver, '[data-testid="combatant"][data-name="Wolf 1"]')).getText()), 'the attack hit AR 12');
    assert.ok(actions <= 6, `an attack in ${actions} actions`);
    console.log(`METRIC attack-actions ${w}x${h} ${actions} scrolled ${await scrollTop()}`);
    await (await $(app.driver, '[data-testid="action-close"]')).click();
    await eventually(async () => (await app.driver.findElements({ css: '[data-testid="action-fields"]' })).length === 0, 'the fields closed');
    // Next: N (1 action).
    await key('n');
    await eventually(async () => (await (await $(app.driver, '[data-testid="encounter-current"]')).getText()) === 'Wolf 1', 'the next turn');
    // Issue 44: whoever acts is brought into view above the bar (the page may scroll by
    // itself to show it; the game master never has to).
    const acting = await $(app.driver, '[data-testid="combatant"][data-name="Wolf 1"] [data-testid="combatant-pick"]');
    assert.ok(await reachable(acting), `the acting Wolf 1 in view and not under the bar at ${w}×${h} (scrolled ${await scrollTop()} px)`);
    for (const id of CONTROLS) {
      assert.ok(await reachable(await $(app.driver, `[data-testid="${id}"]`)), `${id} still in reach`);
    }
  });
}

test('the condition picker: nothing highlighted until ↓, so "daze" ↓ Enter takes Dazed', async () => {
  const e = bridge('Daze');
  await app.resize(1280, 800);
  await app.go(`#/encounter/${e}`);
  const field = await $(app.driver, '[data-testid="condition-name"]');
  await field.sendKeys('daze');
  await $(app.driver, '[data-testid="condition-option"][data-id="mythcraft/condition/dazed"]');
  assert.equal((await app.driver.findElements({ css: '[data-testid="condition-option"][aria-selected="true"]' })).length, 0, 'nothing highlighted before ↓');
  await field.sendKeys(Key.ARROW_DOWN);
  await $(app.driver, '[data-testid="condition-option"][aria-selected="true"][data-id="mythcraft/condition/dazed"]');
  await field.sendKeys(Key.ENTER);
  await eventually(async () => (await field.getAttribute('value')) === 'Dazed', 'Dazed taken, not the row after it');
});

/** A started MythCraft fight of 4 players and 4 goblins, each player with its AR and the
 * AP its usual attack costs; the order, by the rolls given, alternates the sides. */
function party(name) {
  const e = String(cli('encounter', 'new', '--system', 'mythcraft', '--name', name).id);
  for (const p of ['Ilse', 'Mira', 'Tamsin', 'Oren']) {
    cli('encounter', 'add', e, '--npc', p, '--stat', 'max-hp=20', '--stat', 'adventurer=1', '--stat', 'ar=11', '--stat', 'attack-ap=2', '--stat', 'coordination=2');
  }
  cli('encounter', 'add', e, '--npc', 'Goblin', '--count', '4', '--stat', 'max-hp=12', '--stat', 'ar=10');
  const rolls = { Ilse: 19, 'Goblin 1': 17, Mira: 15, 'Goblin 2': 13, Tamsin: 11, 'Goblin 3': 9, Oren: 7, 'Goblin 4': 5 };
  cli('encounter', 'start', e, ...Object.entries(rolls).flatMap(([n, r]) => ['--roll', `${n}=${r}`]));
  return { e, order: Object.keys(rolls) };
}

// Issue 44's figure: a whole round of 4 players and 4 adversaries, every turn an attack
// from the bar and then Next. Each control is used only when it is in reach; one that is
// not is scrolled to (counted) before it is used. Targets: no scroll at 1280×800, at
// most one a turn at 800×600, an attack in at most 6 actions.
for (const [w, h] of [[1280, 800], [800, 600]]) {
  test(`a whole MythCraft round of 4 players and 4 goblins at ${w}×${h}, an attack each turn`, async () => {
    const { e, order } = party(`Round ${w}`);
    await app.resize(w, h);
    await app.go(`#/encounter/${e}`);
    await $(app.driver, '[data-testid="encounter-page"][data-system="mythcraft"]');
    await app.driver.executeScript("document.getElementById('main').scrollTo(0, 0)");
    await app.settle();
    let actions = 0;
    let scrolls = 0;
    let mostInATurn = 0;
    /** The element, scrolled to first (and counted) only when it is out of reach. */
    const inReach = async (css) => {
      const el = await $(app.driver, css);
      if (!(await reachable(el))) {
        await app.driver.executeScript("arguments[0].scrollIntoView({ block: 'center' })", el);
        scrolls++;
      }
      return el;
    };
    const choose = async (css, value) => {
      await inReach(css);
      await app.driver.executeScript(
        `const s = document.querySelector(arguments[0]); s.value = arguments[1]; s.dispatchEvent(new Event('change', { bubbles: true }));`,
        css,
        value,
      );
      actions++;
    };
    const typeInto = async (css, text) => {
      const el = await inReach(css);
      await el.clear();
      await el.sendKeys(text);
      actions++;
    };
    for (const [i, actor] of order.entries()) {
      const before = { actions, scrolls };
      await eventually(async () => (await (await $(app.driver, '[data-testid="encounter-current"]')).getText()) === actor, `${actor}'s turn`);
      const acting = await $(app.driver, `[data-testid="combatant"][data-name="${actor}"] [data-testid="combatant-pick"]`);
      assert.ok(await reachable(acting), `${actor} in view when the turn starts at ${w}×${h}`);
      const target = actor.startsWith('Goblin') ? order[i - 1] : order[i + 1];
      if ((await app.driver.findElements({ css: '[data-testid="action-fields"]' })).length === 0) {
        await choose('[data-testid="action-name"]', 'attack');
        await $(app.driver, '[data-testid="action-fields"]');
      }
      assert.equal(await (await $(app.driver, '[data-testid="action-who"]')).getAttribute('value'), actor, `By is ${actor}`);
      await choose('[data-testid="action-fields"] select[data-param="target"]', target);
      await typeInto('[data-testid="action-fields"] [data-param="roll"]', '15');
      await typeInto('[data-testid="action-fields"] [data-param="amount"]', '3');
      await choose('[data-testid="action-fields"] select[data-param="range"]', 'melee');
      await (await inReach('[data-testid="action-run"]')).click();
      actions++;
      const hp = actor.startsWith('Goblin') ? 17 : 9;
      await eventually(
        async () => new RegExp(`HP\\s*${hp}(?!\\d)`).test(await (await $(app.driver, `[data-testid="combatant"][data-name="${target}"]`)).getText()),
        `${actor}'s attack on ${target}`,
      );
      const attack = actions - before.actions;
      assert.ok(attack <= 6, `${actor}'s attack in ${attack} actions`);
      await screenshot(app.driver, `61-round-${w}x${h}-${i + 1}`);
      await key('n');
      actions++;
      mostInATurn = Math.max(mostInATurn, scrolls - before.scrolls);
    }
    console.log(`METRIC round-actions ${w}x${h} ${actions} scrolls ${scrolls} most-scrolls-in-a-turn ${mostInATurn}`);
    if (w >= 1280) assert.equal(scrolls, 0, `no scroll by hand in a round at ${w}×${h}`);
    else assert.ok(mostInATurn <= 1, `at most one scroll a turn at ${w}×${h} (${mostInATurn})`);
  });
}
