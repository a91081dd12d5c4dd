// Shared helpers of the browser tests: the browser (Debian's chromium through playwright-core,
// a fresh profile each time), the server's address, screenshots, and small page helpers.
import { chromium } from 'playwright-core';
import { before, after } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BASE = process.env.GRG_E2E_URL || 'http://127.0.0.1:8080/';
export const SHOTS = process.env.GRG_E2E_SHOTS || '/tmp/grognard-e2e';
const CHROMIUM = process.env.GRG_CHROMIUM || '/usr/bin/chromium';

export async function launch() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'grognard-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] || (await context.newPage());
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  return {
    context, page, errors,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** One browser for a test file: launched before its tests (handed to `set`), closed after them. */
export function browserPerFile(set) {
  let b;
  before(async () => {
    b = await launch();
    set(b);
  });
  after(async () => {
    if (b) await b.close();
  });
}

export async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

export function url(p = '') {
  return new URL(p, BASE).href;
}

/** Clicks the centre of a hex through the real pointer (as a player does). */
export async function clickHex(page, hex, opts = {}) {
  const cell = page.locator(`.cell[data-hex="${hex}"]`);
  await cell.scrollIntoViewIfNeeded();
  const box = await cell.boundingBox();
  if (!box) throw new Error(`hex ${hex} is not on screen`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, opts);
}

export async function openLobby(page) {
  await page.goto(url('/'));
  await page.waitForSelector('body[data-ready="true"][data-view="lobby"]');
  await page.waitForSelector('article[data-scenario]');
}

/**
 * Starts a game of `scenario` from the lobby form; mode is ai | hotseat | online | watch, and
 * against the AI, `opponent` one of the lobby's AI seat kinds (default: the first, the server's
 * own); watching, each side's ({side: kind}).
 */
export async function startGame(page, scenario, mode, side, opponent) {
  const card = page.locator(`article[data-scenario="${scenario}"]`);
  await card.locator('select[name="mode"]').selectOption(mode);
  if (side) await card.locator('select[name="side"]').selectOption(side);
  if (opponent && mode === 'watch') {
    for (const [s, kind] of Object.entries(opponent)) await card.locator(`select[name="ai-${s}"]`).selectOption(kind);
  } else if (opponent) await card.locator('select[name="opponent"]').selectOption(opponent);
  await card.locator('button[type="submit"]').click();
  await page.waitForSelector('body[data-view="game"][data-ready="true"]');
  await page.waitForSelector('.layer-counters .counter');
  return page.evaluate(() => window.grognard.id);
}

/** Where a unit's counter is drawn. */
export function hexOf(page, unit) {
  return page.locator(`.layer-counters .counter[data-unit="${unit}"]`).getAttribute('data-hex');
}

/** Queues scripted dice for a game (the server runs with --test-dice). */
export async function queueDice(game, rolls) {
  const r = await fetch(url(`/api/games/${game}/dice`), {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rolls }),
  });
  if (!r.ok) throw new Error(`dice: HTTP ${r.status} ${await r.text()}`);
  return r.json();
}
