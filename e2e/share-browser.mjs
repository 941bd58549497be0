// Tome at the table in a real browser: Debian's Chromium, driven by chromedriver at a
// phone's size (390×844), joins a `tome share` started here on loopback, follows the fight
// while the game master changes it from the command line, reads a rule, sees its own
// character, sends a character the game master accepts, and is told when it is
// disconnected. The player rolls dice from the phone into the game master's log. A roll
// table reads and rolls as in the app, and a link between entries
// previews and opens on the phone. axe-core audits every page (the TV's too); every
// test ends with no Content-Security-Policy violation and no console error logged.
// Screenshots go to target/e2e/share/.
// Run by `make test-share` (after the core and the table pages are built).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { By, logging } from 'selenium-webdriver';
import * as phones from './phone.mjs';

const { CLI, SHOTS, eventually } = phones;

const dir = mkdtempSync(path.join(tmpdir(), 'tome-share-'));
const db = path.join(dir, 'tome.db');
const tome = (...args) => execFileSync(CLI, ['--db', db, ...args], { encoding: 'utf8' });
const tomeJson = (...args) => JSON.parse(tome('--json', ...args));

/** `tome share`, as the game master types at it. */
let table;
let status;
let driver;
let vex;

const gmSays = (command) => table.says(command);

before(async () => {
  mkdirSync(SHOTS, { recursive: true });
  vex = tomeJson('character', 'new', '--system', 'mythcraft', '--name', 'Vex').character;
  tome('character', 'set', String(vex.id), 'max-hp', '20');
  const fight = tomeJson('encounter', 'new', '--system', 'mythcraft', '--name', 'Bridge');
  tome('encounter', 'add', String(fight.id), '--character', String(vex.id));
  tome('encounter', 'add', String(fight.id), '--npc', 'Goblin', '--count', '2', '--stat', 'max-hp=12');
  tome('encounter', 'add', String(fight.id), '--npc', 'Sneak', '--stat', 'max-hp=9');
  tome('encounter', 'set', String(fight.id), 'Sneak', 'hidden', 'true');
  tome('encounter', 'start', String(fight.id), '--roll', 'Vex=20', '--roll', 'Goblin 1=10', '--roll', 'Goblin 2=5', '--roll', 'Sneak=1');

  table = await phones.share(db, fight.id);
  status = table.status;

  const logs = new logging.Preferences();
  logs.setLevel(logging.Type.BROWSER, logging.Level.ALL);
  driver = await phones.phone(logs);
  await driver.sendDevToolsCommand('Page.enable', {});
  await driver.sendDevToolsCommand('Page.addScriptToEvaluateOnNewDocument', {
    source: `window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective + ' ' + (e.blockedURI || 'inline') + ' ' + e.sourceFile + ':' + e.lineNumber));`,
  });
});

after(async () => {
  await driver?.quit();
  await table?.stop();
});

// The one phone of this file.
const find = (css) => phones.find(driver, css);
const texts = (css) => phones.texts(driver, css);
const shot = (name) => phones.shot(driver, name);
const audit = (name) => phones.audit(driver, name);

/**
 * What the browser logged since the last look: no CSP violation (as the page saw them,
 * and as Chromium's console reports them) and no console error at all.
 */
async function clean(name) {
  const seen = await driver.executeScript('return window.__csp ?? []');
  const logged = (await driver.manage().logs().get(logging.Type.BROWSER))
    .filter((e) => e.level.value >= logging.Level.SEVERE.value || /Content.Security.Policy/i.test(e.message))
    .map((e) => `${e.level.name}: ${e.message}`);
  assert.deepEqual({ csp: seen, errors: logged }, { csp: [], errors: [] }, `${name}: the browser logged problems`);
}

test('a phone joins with the code and follows the fight as it changes', async () => {
  await driver.get(status.join_url);
  const code = await find('[data-testid="join-code"]');
  assert.equal(await code.getAttribute('value'), status.code, 'the QR link fills the code in');
  await audit('the join page');
  await shot('join');
  await (await find('[data-testid="join-name"]')).sendKeys('Ann');
  await (await find('[data-testid="join-form"] button')).click();
  await find('[data-testid="player-order"]');
  const names = await eventually(async () => {
    const n = await texts('[data-testid="player-combatant"] .name');
    return n.length === 3 ? n : null;
  }, 'the order');
  assert.deepEqual(names, ['Vex', 'Goblin 1', 'Goblin 2'], 'the hidden Sneak is not shown');
  assert.equal(await (await find('[data-testid="player-current"]')).getText(), 'Vex');
  await audit('the fight');

  // The game master, from the command line (another process): next turn, then a blow.
  tome('encounter', 'next', String(1));
  await eventually(async () => (await (await find('[data-testid="player-current"]')).getText()) === 'Goblin 1', 'the next turn');
  tome('encounter', 'damage', '1', 'Goblin 1', '--amount', '7');
  await eventually(async () => {
    const row = await driver.findElement(By.css('[data-testid="player-combatant"][data-name="Goblin 1"]'));
    return (await row.getText()).includes('Bloodied');
  }, 'the blow');
  const nav = await driver.executeScript('return performance.getEntriesByType("navigation").length');
  assert.equal(nav, 1, 'no reload happened');
  await shot('phone-fight');
  await clean('joining and following the fight');
});

test('the phone opens a rule from its search', async () => {
  await (await find('[data-testid="tab-rules"]')).click();
  await (await find('[data-testid="table-search"]')).sendKeys('prone');
  const hit = await find('[data-testid="table-hit"][data-id="mythcraft/condition/prone"]');
  await hit.click();
  const entry = await find('[data-testid="entry-view"] h1');
  assert.equal(await entry.getText(), 'Prone');
  // What it links to and what refers to it, as on the app's entry page, each opening here.
  const seeAlso = await texts('[data-testid="card-see-also"] a[data-entry-link]');
  assert.ok(seeAlso.includes('Stand'), `See also: ${seeAlso}`);
  const referred = await texts('[data-testid="card-referred-by"] a[data-entry-link]');
  assert.ok(referred.includes('Pinned'), `Referred to by: ${referred}`);
  await audit('a rule');
  await shot('phone-rule');
  await (await find('[data-testid="card-see-also"] a[data-entry-link][data-id="mythcraft/maneuver/stand"]')).click();
  await eventually(
    async () => (await (await find('[data-testid="entry-view"]')).getAttribute('data-id')) === 'mythcraft/maneuver/stand',
    'the entry See also named',
  );
  await clean('a rule');
});

test('a roll table reads as a table and rolls, and its links preview and open on the phone', async () => {
  await (await find('[data-testid="table-rules"] .back')).click();
  const search = await find('[data-testid="table-search"]');
  await search.clear();
  await search.sendKeys('spell table');
  // The fight is MythCraft's, so the search keeps to it until the player says otherwise.
  const only = await find('[data-testid="table-only-system"]');
  assert.equal(await only.isSelected(), true, 'the fight\'s system only, at first');
  assert.equal((await driver.findElements(By.css('[data-testid="table-hit"][data-id="mlaf/table/spell-table"]'))).length, 0);
  await only.click();
  await (await find('[data-testid="table-hit"][data-id="mlaf/table/spell-table"]')).click();
  const rolls = await find('[data-testid="roll-table"][data-id="mlaf/table/spell-table"]');
  assert.equal(await rolls.getAttribute('data-dice'), '3d6');
  const rows = await eventually(async () => {
    const n = (await driver.findElements(By.css('[data-testid="roll-table"] tbody tr'))).length;
    return n > 1 ? n : null;
  }, 'the rows');
  assert.equal(rows, 16, '3d6: one row for each total from 3 to 18');
  const first = await texts('[data-testid="roll-table"] tbody tr:first-child td');
  assert.equal(first[0], '3', 'the first row is a roll of 3');
  await (await find('[data-testid="roll-button"]')).click();
  const rolled = await eventually(async () => (await driver.findElements(By.css('[data-testid="roll-table"] tr.rolled'))).length === 1, 'a rolled row');
  assert.ok(rolled);
  const said = await (await find('[data-testid="roll-result"]')).getText();
  assert.match(said, /^3d6: /, 'the dice the core rolled');
  await audit('a roll table');
  await shot('phone-roll-table');

  // The summary's link: previewed as in the app when it has the focus (a tap's hover
  // passes too fast to see), then opened here by a tap.
  const link = await find('[data-testid="entry-summary"] a[data-entry-link][data-id="mlaf/rule/star-player-rolls"]');
  await driver.executeScript('arguments[0].focus()', link);
  const preview = await find('[data-testid="link-preview"][data-id="mlaf/rule/star-player-rolls"]');
  await eventually(async () => (await preview.getText()).includes('Star Player'), 'the preview');
  assert.equal(await link.getAttribute('aria-describedby'), 'link-preview', 'the link is described by its preview');
  await audit('a link preview');
  await shot('phone-link-preview');
  await link.click();
  await eventually(
    async () => (await (await find('[data-testid="entry-view"]')).getAttribute('data-id')) === 'mlaf/rule/star-player-rolls',
    'the linked entry',
  );
  assert.ok((await (await find('[data-testid="entry-name"]')).getText()).includes('Star Player'));
  const nav = await driver.executeScript('return performance.getEntriesByType("navigation").length');
  assert.equal(nav, 1, 'opened in place, no reload');
  await clean('a roll table and a link');
});

test('a second tab of a device without a character says why it does not follow the table', async () => {
  const first = await driver.getWindowHandle();
  await driver.switchTo().newWindow('tab');
  await driver.get(new URL(status.join_url).origin + '/');
  const lost = await find('[data-testid="table-lost"]');
  await eventually(async () => (await lost.getText()).includes('has the table open already'), 'the reason');
  assert.match(await lost.getText(), /close the other tab/);
  await shot('phone-second-tab');
  await driver.close();
  await driver.switchTo().window(first);
  // The refused stream and the question why are the browser's only complaints.
  const logged = (await driver.manage().logs().get(logging.Type.BROWSER))
    .filter((e) => e.level.value >= logging.Level.SEVERE.value)
    .filter((e) => !/\/api\/(events|stream) .*429/.test(e.message));
  assert.deepEqual(logged.map((e) => e.message), [], 'nothing else went wrong');
});

test('the device assigned a character sees its own numbers', async () => {
  const device = (await gmSays('devices'))[0];
  await gmSays(`assign ${device.id} ${vex.id}`);
  await (await find('[data-testid="tab-mine"]')).click();
  await eventually(async () => (await texts('[data-testid="mine-name"]'))[0] === 'Vex', 'the character');
  await eventually(async () => ((await texts('[data-testid="mine-status"]'))[0] ?? '').includes('HP 20 of 20'), 'its HP');
  await audit('my character');
  await shot('phone-mine');
  await clean('my character');
});

test("the player rolls from the phone: the roll is in the GM's log and on the board, a secret one in the log alone", async () => {
  await (await find('[data-testid="tab-fight"]')).click();
  const quick = await texts('[data-testid="dice-quick"]');
  assert.ok(quick.includes('d20') && quick.includes('3d6'), `the common dice a tap away: ${quick}`);
  const spec = await find('[data-testid="dice-spec"]');
  await spec.sendKeys('3d6');
  await (await find('[data-testid="dice-roll"]')).click();
  const shown = await eventually(async () => ((await texts('[data-testid="dice-result"]'))[0] ?? '').match(/3d6: [\d +]+= \d+/)?.[0], 'the roll');
  await eventually(async () => (await texts('[data-testid="player-roll"]')).includes(`Vex rolled ${shown}`), 'the roll on the board');
  const logged = () => tomeJson('encounter', 'log', '1').flatMap((e) => e.lines);
  assert.ok(logged().includes(`Vex rolled ${shown}`), `in the GM's log: ${logged().slice(-3)}`);
  await spec.clear();
  await spec.sendKeys('d20+2');
  await (await find('[data-testid="dice-secret"]')).click();
  await eventually(async () => ((await texts('[data-testid="dice-result"]'))[0] ?? '').includes('for the game master only'), 'the secret roll');
  await eventually(async () => logged().some((l) => l.startsWith('Vex rolled 1d20+2') && l.includes('secret')), 'the secret roll logged');
  assert.ok(!(await texts('[data-testid="player-roll"]')).some((r) => r.includes('d20+2')), 'a secret roll is not on the board');
  await audit('the dice box');
  await shot('phone-dice');
  await clean('rolling dice');
});

test('a character sent from the phone waits until the game master accepts it', async () => {
  const other = tomeJson('character', 'new', '--system', 'mythcraft', '--name', 'Nim').character;
  const file = path.join(dir, 'nim.json');
  tome('character', 'export', String(other.id), '--out', file);
  tome('character', 'delete', String(other.id));
  await (await find('[data-testid="tab-send"]')).click();
  await find('[data-testid="table-send"]');
  await audit('send my character');
  await (await find('[data-testid="send-file"]')).sendKeys(file);
  await (await find('[data-testid="send-button"]')).click();
  const result = await find('[data-testid="send-result"]');
  await eventually(async () => (await result.getText()).includes('Nim is waiting'), 'the upload');
  const inbox = await gmSays('inbox');
  assert.equal(inbox[0].name, 'Nim');
  const accepted = await gmSays(`accept ${inbox[0].id}`);
  assert.equal(accepted.name, 'Nim');
  const list = tomeJson('character', 'list').map((c) => c.name);
  assert.ok(list.includes('Nim'), JSON.stringify(list));
  await audit('send my character, sent');
  await shot('phone-send');
  await clean('sending a character');
});

test('on a TV the fight fills the screen', async () => {
  await driver.sendDevToolsCommand('Emulation.setDeviceMetricsOverride', { width: 1920, height: 1080, deviceScaleFactor: 1, mobile: false });
  await (await find('[data-testid="tab-fight"]')).click();
  await find('[data-testid="player-order"]');
  const size = await driver.executeScript(
    'return parseFloat(getComputedStyle(document.querySelector("[data-testid=player-combatant] .name")).fontSize)',
  );
  assert.ok(size >= 36, `names are ${size}px on a TV`);
  await audit('the TV');
  await shot('tv-fight');
  await clean('the TV');
  await driver.sendDevToolsCommand('Emulation.setDeviceMetricsOverride', { width: 390, height: 844, deviceScaleFactor: 1, mobile: true });
});

test('a revoked device is shown it was disconnected', async () => {
  const device = (await gmSays('devices'))[0];
  await gmSays(`revoke ${device.id}`);
  const ended = await find('[data-testid="table-ended"]');
  assert.equal(await ended.getAttribute('data-why'), 'revoked');
  await audit('disconnected');
  await shot('phone-revoked');
  await clean('disconnected');
});
