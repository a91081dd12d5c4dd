// How the client reads the server's `reach` back as the steps of a move (web/js/path.js), without
// a browser: the cheapest chain of positions, roads preferred, enemy zones of control passed
// around when another way exists, turns for facing rulesets, and a reinforcement's entry hex.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { planPath, entryPath } from '../../web/js/path.js';
import * as hex from '../../web/js/hex.js';

const P = (h, mp, extra = {}) => ({ hex: h, mp, ap: 0, ...extra });

test('a straight move is read back hex by hex', () => {
  const pos = [P('0202', 1), P('0302', 2), P('0402', 3)];
  assert.deepEqual(planPath(pos, { hex: '0102' }, '0402', 2), ['0202', '0302', '0402']);
});

test('every step of a path is to a neighbour and its cost never goes down', () => {
  const pos = [];
  for (const h of hex.allHexes(6, 6)) if (h !== '0303') pos.push(P(h, hex.distance('0303', h)));
  for (const target of ['0101', '0606', '0603', '0305']) {
    const steps = planPath(pos, { hex: '0303' }, target, 2);
    assert.equal(steps.length, hex.distance('0303', target), target);
    let at = '0303';
    for (const s of steps) { assert.equal(hex.distance(at, s), 1); at = s; }
    assert.equal(at, target);
  }
});

test('a road is followed when the server counted along it', () => {
  // From 0103 to 0303: the road runs 0103-0203-0303 (cheap); 0202 is as near but off the road.
  const pos = [P('0203', 0.5), P('0202', 1), P('0303', 1)];
  const road = (a, b) => ['0103|0203', '0203|0103', '0203|0303', '0303|0203'].includes(`${a}|${b}`);
  assert.deepEqual(planPath(pos, { hex: '0103' }, '0303', 2, road), ['0203', '0303']);
});

test('a position in an enemy zone of control is not passed through when there is another way', () => {
  const pos = [P('0202', 1, { zoc: true }), P('0203', 1), P('0303', 2)];
  assert.deepEqual(planPath(pos, { hex: '0102' }, '0303', 2), ['0203', '0303']);
  // With no other way the zone is crossed: the server decides.
  assert.deepEqual(planPath([P('0202', 1, { zoc: true }), P('0302', 2)], { hex: '0102' }, '0302', 2), ['0202', '0302']);
});

test('a facing unit turns in place before it steps', () => {
  const pos = [P('0101', 1, { facing: 1 }), P('0201', 2, { facing: 1 })];
  const steps = planPath(pos, { hex: '0101', facing: 0 }, '0201', 2);
  assert.deepEqual(steps, ['left', '0201']);
});

test('a reinforcement enters at the cheapest position, then moves on', () => {
  const pos = [P('0601', 1), P('0501', 2), P('0701', 2), P('0401', 3)];
  assert.deepEqual(entryPath(pos, '0401', 2), ['0601', '0501', '0401']);
  assert.deepEqual(entryPath(pos, '0601', 2), ['0601']);
  assert.equal(entryPath([], '0601', 2), null);
});

test('a hex of a friendly unit (no stopping there) is crossed when there is no other way', () => {
  // 0202 holds a friend: not a position, yet the way from 0102 to 0302 runs through it.
  const pos = [P('0302', 2)];
  assert.equal(planPath(pos, { hex: '0102' }, '0302', 2), null);
  assert.deepEqual(planPath(pos, { hex: '0102' }, '0302', 2, undefined, ['0202']), ['0202', '0302']);
  assert.equal(planPath([], { hex: '0102' }, '0202', 2, undefined, ['0202']), null, 'never ends on it');
});

test('equal (rounded) movement points are placed outward from the start', () => {
  // The server's reach of a battery at 0609 on the road 0608-0607-0606-0605 (nap skirmish):
  // 0605 is listed before 0606 and both cost 2; 0607 costs what 0608 does.
  const pos = [P('0605', 2, { zoc: true }), P('0506', 2), P('0606', 2), P('0607', 1), P('0508', 1), P('0608', 1), P('0609', 0), P('0509', 1)];
  const road = (a, b) => ['0609|0608', '0608|0607', '0607|0606', '0606|0605'].some((x) => x === `${a}|${b}` || x === `${b}|${a}`);
  assert.deepEqual(planPath(pos, { hex: '0609' }, '0605', 2, road), ['0608', '0607', '0606', '0605']);
});
