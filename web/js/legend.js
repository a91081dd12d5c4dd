// The map legend, from the server's `map` reply (docs/protocol.md): the terrain types used on
// this map with their colours and what they do to sight and movement, the hexside features,
// the objectives and each side's home edge; and the ruleset's tables the client only shows
// (GET /api/rulesets/ID: cdb's command distances). Display only: the rules are the server's.
import { api } from './api.js';
import { el, clear } from './dom.js';

/** Asks for the map data and the ruleset's tables; draws the legend and the objective markers. */
export async function loadMapData(g) {
  try {
    g.mapData = await g.query({ cmd: 'map' });
    g.map.showObjectives(g.mapData.objectives);
    // Hexsides a road crosses, both ways: the path reading prefers them (path.js).
    g.roads = new Set();
    for (const h of g.mapData.hexsides || []) {
      if ((h.features || []).some((f) => /road|track|trail/.test(f))) g.roads.add(`${h.hex}|${h.to}`).add(`${h.to}|${h.hex}`);
    }
  } catch { g.mapData = null; }
  drawLegend(document.getElementById('legend'), g.mapData, g);
  try {
    if (g.state.ruleset) g.rules = await api.ruleset(g.state.ruleset);
  } catch { g.rules = null; }
  g.mover.drawPanel();
}

/** A ruleset's command distances ({sight, far, cost, rule}) from its data file, or null. */
export function commandRadius(rules) {
  const t = rules && rules.thresholds;
  if (!t || !t.command_far) return null;
  return { sight: t.command_sight || t.command_far, far: t.command_far, cost: (rules.costs && rules.costs.far) || 1, rule: 'CDB-4.2.b' };
}

const EDGES = { N: 'north', S: 'south', E: 'east', W: 'west' };

/** Draws the legend of map data `m` into box; g gives side names and indices. */
export function drawLegend(box, m, g) {
  clear(box);
  if (!m) {
    box.append(el('p', { class: 'empty' }, 'No map data.'));
    return;
  }
  const counts = new Map();
  for (const row of m.terrain || []) for (const t of row) counts.set(t, (counts.get(t) || 0) + 1);
  const terrain = el('ul', { class: 'legend-terrain', 'aria-label': 'Terrain' });
  (m.terrain_types || []).forEach((t, i) => {
    if (!counts.get(i)) return;
    const notes = [t.blocks_los ? 'blocks sight' : '', t.impassable ? 'impassable' : ''].filter(Boolean).join(', ');
    terrain.append(el('li', { 'data-terrain': t.id },
      el('span', { class: 'legend-swatch', style: `background:${t.color || '#ccc'}`, 'aria-hidden': 'true' }),
      ` ${t.name || t.id}`, el('span', { class: 'legend-note' }, ` ${counts.get(i)} hex${counts.get(i) === 1 ? '' : 'es'}${notes ? `; ${notes}` : ''}`)));
  });
  box.append(el('h4', {}, 'Terrain'), terrain);
  const levels = new Set((m.elevation || []).flat().filter((v) => v));
  if (levels.size) {
    box.append(el('p', { class: 'legend-elevation' }, `Elevation: a hex marked +N is N levels above the plain (levels on this map: ${[...levels].sort((a, b) => a - b).join(', ')}).`));
  }
  const feats = new Map();
  for (const s of m.hexsides || []) for (const f of s.features || []) feats.set(f, (feats.get(f) || 0) + 1);
  if (feats.size) {
    box.append(el('h4', {}, 'Hexsides'), el('ul', { class: 'legend-hexsides' },
      [...feats].map(([f, n]) => el('li', { 'data-feature': f }, `${f.replace(/_/g, ' ')} (${n} hexside${n === 1 ? '' : 's'})`))));
  }
  const objs = m.objectives || [];
  box.append(el('h4', {}, 'Objectives'), objs.length
    ? el('ul', { class: 'legend-objectives' }, objs.map((o) => el('li', { 'data-objective': o.hex },
      el('button', { type: 'button', class: 'link', onclick: () => g.map.setCursor(o.hex) }, `\u2691 ${o.hex}`),
      o.points !== undefined ? ` ${o.points} victory point${o.points === 1 ? '' : 's'}` : '')))
    : el('p', { class: 'empty' }, 'None on this map.'));
  const edges = (m.sides || []).filter((s) => s.home_edge);
  if (edges.length) {
    box.append(el('h4', {}, 'Home edges'), el('ul', { class: 'legend-edges' }, edges.map((s) => el('li', {},
      el('span', { class: `swatch side-${g.sideIndex(s.id)}`, 'aria-hidden': 'true' }),
      ` ${s.name || g.sideName(s.id)}: ${EDGES[s.home_edge] || s.home_edge} edge`))));
  }
}
