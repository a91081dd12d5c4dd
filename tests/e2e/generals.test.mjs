// Generals, their command radius and the map legend: a cdb skirmish against the AI (the
// commander-in-chief and the other generals marked on their counters, the command distances of
// data/rulesets/cdb.json drawn around a general on demand, the legend from the `map` query), then
// the nap skirmish (objective markers on the map and in the legend).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browserPerFile, shot, openLobby, startGame } from './lib.mjs';

let b, page;

browserPerFile((x) => { b = x; page = x.page; });

test('generals are marked on their counters, the commander-in-chief twice', async () => {
  await openLobby(page);
  await startGame(page, 'cdb-skirmish', 'ai', 'egypt');
  const generals = await page.evaluate(() => window.grognard.state.units.filter((u) => u.general).map((u) => u.id));
  assert.ok(generals.includes('ramesses'), `generals: ${generals}`);
  for (const id of generals) {
    const c = page.locator(`.layer-counters .counter[data-unit="${id}"]`);
    assert.match(await c.getAttribute('class'), /\bgeneral\b/);
    assert.equal(await c.locator('.general-star').count() > 0, true, `${id} has a star`);
  }
  assert.match(await page.locator('.counter[data-unit="ramesses"]').getAttribute('class'), /\bcinc\b/);
  assert.equal(await page.locator('.counter[data-unit="ramesses"] .cinc-ring').count(), 1);
  assert.equal(await page.locator('.counter[data-unit="e-ch1"]').getAttribute('class').then((k) => /general/.test(k)), false);
  assert.match(await page.locator('.counter[data-unit="ramesses"] title').textContent(), /commander-in-chief/);
  // The points panel names each corps as the scenario does, not by its id.
  const points = await page.locator('#points').innerText();
  assert.match(points, /Division of Amun: action points/);
  assert.match(points, /Hittite chariotry: action points/);
  assert.doesNotMatch(points, /\bamun\b/);
});

test('a general\'s command radius is drawn on demand from the ruleset\'s distances', async () => {
  await page.locator('.counter[data-unit="ramesses"]').click();
  await page.waitForSelector('#command-radius');
  await page.keyboard.press('g');
  await page.waitForSelector('.layer-command .command-near');
  const at = await page.evaluate(() => window.grognard.unit('ramesses').hex);
  assert.match(await page.locator(`.layer-command [data-command="${at}"]`).getAttribute('class'), /command-near/);
  const rules = await page.evaluate(() => window.grognard.commandRadius());
  assert.deepEqual([rules.sight, rules.far], [6, 12]); // data/rulesets/cdb.json thresholds
  assert.ok(await page.locator('.layer-command .command-far').count() > 0);
  assert.match(await page.locator('#notice').innerText(), /CDB-4\.2\.b/);
  assert.equal(await page.locator('#command-radius').getAttribute('aria-pressed'), 'true');
  await shot(page, 'generals-01-radius');
  await page.keyboard.press('g');
  assert.equal(await page.locator('.layer-command polygon').count(), 0);
  // A unit that is not a general has no such button.
  await page.locator('.counter[data-unit="e-ch1"]').click();
  await page.waitForFunction(() => /e-ch1/.test(document.getElementById('unit-info').innerText));
  assert.equal(await page.locator('#command-radius').count(), 0);
  // Its corps is named as the scenario names it, not by its id.
  assert.equal(await page.locator('#unit-info [data-value="corps"]').innerText(), 'Division of Amun');
  await page.keyboard.press('Escape');
});

test('the map legend lists the terrain, hexsides and home edges from the server', async () => {
  await page.waitForSelector('#legend [data-terrain="clear"]');
  const text = await page.locator('#legend').innerText();
  assert.match(text, /Clear/);
  assert.match(text, /Wood.*blocks sight/);
  assert.match(text, /road/);
  assert.match(text, /Egypt: west edge/);
  await page.locator('#legend-box').scrollIntoViewIfNeeded();
  await shot(page, 'generals-02-legend');
});

test('objectives are marked on the map and listed in the legend (nap skirmish)', async () => {
  await openLobby(page);
  await startGame(page, 'nap-skirmish', 'ai', 'fr');
  await page.waitForSelector('.layer-objectives .objective[data-objective="0706"]', { state: 'attached' });
  assert.equal(await page.locator('.layer-objectives .objective').count(), 2);
  await page.waitForSelector('#legend [data-objective="0706"]');
  assert.match(await page.locator('#legend [data-objective="0706"]').innerText(), /3 victory points/);
  assert.match(await page.locator('#legend').innerText(), /crest/);
  await shot(page, 'generals-03-objectives');
});

test('no error was logged by the page', () => {
  assert.deepEqual(b.errors, []);
});
