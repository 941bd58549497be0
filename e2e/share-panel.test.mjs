// Sharing from the packaged app (issue 39): a combatant added with "Join hidden from the
// players" ticked never reaches a phone, the share panel says whether newcomers join
// hidden and counts the code down, and a phone on loopback reads the fight through the
// app's own server. Pictures at 1280×800 in both themes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appForTests, clickInView, screenshot, $, eventually, By } from './harness.mjs';

const app = appForTests();
const click = (css) => clickInView(app.driver, css);
const row = (name) => $(app.driver, `[data-testid="combatant"][data-name="${name}"]`);

async function addNpc(name, hp) {
  const input = await $(app.driver, '[data-testid="npc-name"]');
  await app.driver.executeScript('arguments[0].scrollIntoView({ block: "center" })', input);
  await input.clear();
  await input.sendKeys(name);
  const field = await $(app.driver, '[data-stat="max-hp"]');
  await field.clear();
  await field.sendKeys(String(hp));
  await click('[data-testid="npc-add"]');
  await row(name);
}

/** A phone joining the app's server with the code; its cookie. */
async function joinAs(url, code, name) {
  const joined = await fetch(`${url}/api/join`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, name }),
  });
  assert.equal(joined.status, 204, await joined.text());
  return joined.headers.get('set-cookie').split(';')[0];
}

test('a combatant added hidden never reaches a phone; the panel says newcomers join hidden and counts the code down', async () => {
  await app.resize(1280, 800);
  await app.go('#/encounters');
  await click('[data-testid="new-encounter"]');
  const select = await $(app.driver, '[data-testid="new-encounter-system"]');
  await (await select.findElement(By.css('option[value="mythcraft"]'))).click();
  await (await $(app.driver, '[data-testid="new-encounter-name"]')).sendKeys('Manor');
  await click('[data-testid="new-encounter-create"]');
  await $(app.driver, '[data-testid="encounter-page"][data-system="mythcraft"]');
  await addNpc('Butler', 12);
  await click('[data-testid="add-hidden"]');
  await addNpc('Assassin', 9);
  await click('[data-testid="encounter-start"]');
  await $(app.driver, '[data-testid="encounter-current"]');

  await click('[data-testid="share-toggle"]');
  const address = await $(app.driver, '[data-testid="share-address"]');
  await (await address.findElement(By.css('option[value="127.0.0.1"]'))).click();
  await click('[data-testid="share-start"]');
  const code = await (await $(app.driver, '[data-testid="share-code"]')).getText();
  const left = await (await $(app.driver, '[data-testid="share-code-left"]')).getText();
  assert.match(left, /works for [45]:\d\d more/);
  const url = (await app.driver.executeScript(
    "return document.querySelector('[data-testid=\"share-qr\"]').getAttribute('aria-label')",
  )).match(/http:\/\/[^ ]+?(?=\/#|$)/)[0];

  const cookie = await joinAs(url, code, 'Ann');
  // Issue 44: every page's top bar says the table is shared, with Stop.
  await eventually(
    async () => /Sharing\s*1 device/.test(await (await $(app.driver, '[data-testid="sharing-badge"]')).getText()),
    'the top bar says sharing, with the device',
  );
  const view = await (await fetch(`${url}/api/view`, { headers: { cookie } })).text();
  assert.match(view, /Butler/);
  assert.doesNotMatch(view, /Assassin/, 'the assassin added hidden reached the phone');

  await click('[data-testid="share-newcomers-hidden"]');
  await eventually(
    async () => (await (await $(app.driver, '[data-testid="share-newcomers-hidden"]')).isSelected()),
    'newcomers hidden on',
  );
  const said = await app.driver.executeScript(
    "return document.querySelector('[data-testid=\"share-newcomers-hidden\"]').parentElement.textContent",
  );
  assert.match(said, /Newcomers join hidden: on/);
  for (const theme of ['light', 'dark']) {
    await app.theme(theme);
    await app.settle(300);
    await app.driver.executeScript("document.querySelector('[data-testid=\"share-panel\"]').scrollIntoView({ block: 'start' })");
    await screenshot(app.driver, `62-share-panel-${theme}`);
  }
  // With the setting on, the add form's box follows it, and a late guard joins hidden.
  assert.ok(await (await $(app.driver, '[data-testid="add-hidden"]')).isSelected(), 'the add form follows the setting');
  await addNpc('Guard', 8);
  const after = await (await fetch(`${url}/api/view`, { headers: { cookie } })).text();
  assert.doesNotMatch(after, /Assassin|Guard/);
  await click('[data-testid="share-newcomers-hidden"]');
  await click('[data-testid="share-stop"]');
  await $(app.driver, '[data-testid="share-start"]');
});
