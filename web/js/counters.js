// Counters: one SVG group per unit on the map with its type symbol, identifier, strength and
// movement, facing marker, stacking offset and markers for selection and combat roles.
// Everything shown comes from the server's `state`; nothing here decides a rule.
import { svg } from './dom.js';
import { centre, corner } from './hex.js';

export const SIDE_COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7']; // Okabe-Ito

// Unit type id -> symbol file (web/symbols/NAME.svg), from the rulesets' data files (their
// "symbol" fields). A unit that carries its own "symbol" field wins. Display data, not rules.
const TYPE_SYMBOLS = {
  inf: 'infantry', cav: 'cavalry', art: 'artillery',
  infantry: 'infantry', cavalry: 'cavalry', foot_artillery: 'artillery', horse_artillery: 'artillery', artillery: 'artillery',
  Kn: 'cavalry', KnF: 'cavalry', Cv: 'cavalry', LH: 'cavalry', El: 'elephant',
  HCh: 'chariot', LCh: 'chariot', SCh: 'chariot', Sp: 'infantry', Pk: 'infantry', Bd: 'infantry',
  Ax: 'infantry', Bw: 'archer', BwX: 'archer', Ps: 'skirmisher', Wb: 'infantry', Hd: 'infantry',
  Art: 'artillery', Bg: 'baggage', general: 'general', leader: 'general', Gen: 'general', Ldr: 'general',
};
const KNOWN = new Set(['infantry', 'cavalry', 'artillery', 'archer', 'chariot', 'elephant', 'skirmisher', 'baggage', 'general']);

export function symbolOf(unit) {
  const s = unit.symbol || TYPE_SYMBOLS[unit.type] || (isGeneral(unit) ? 'general' : null);
  return KNOWN.has(s) ? s : 'unknown';
}

export function isGeneral(unit) {
  return !!(unit.general || unit.leader || unit.is_general || /^(gen|ldr|leader|general)/i.test(unit.type || ''));
}

/** The values printed at the bottom of a counter: strength-movement, or what the unit has. */
export function valuesOf(unit) {
  const parts = [];
  if (unit.strength) parts.push(unit.strength);
  if (unit.ma !== undefined && unit.ma !== null) parts.push(unit.ma);
  return parts.join('-');
}

/** A sentence naming a unit for titles and screen readers. */
export function describe(unit, sideName) {
  const bits = [`${unit.name && unit.name !== unit.id ? `${unit.name} (${unit.id})` : unit.id}`,
    `${unit.type_name || unit.type}`, unit.cinc ? 'commander-in-chief' : isGeneral(unit) ? 'general' : '',
    sideName ? `of ${sideName}` : '', unit.hex ? `at ${unit.hex}` : `(${unit.status})`];
  if (unit.strength) bits.push(`strength ${unit.strength}`);
  if (unit.ma !== undefined) bits.push(`movement ${unit.ma}`);
  if (unit.facing !== null && unit.facing !== undefined) bits.push(`facing vertex ${unit.facing}`);
  return bits.filter(Boolean).join(', ');
}

const W = 36, H = 30;

/** A five-pointed star's points around (x, y). */
function star(x, y, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5, k = i % 2 ? r * 0.45 : r;
    pts.push(`${(x + k * Math.cos(a)).toFixed(1)},${(y + k * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

/**
 * Draws every unit on the map into `layer`. opts: sideIndex(sideId) -> 0.., sideName(sideId),
 * selected: Set, attackers: Set, defenders: Set, replay: true when the units are a past state.
 */
export function drawCounters(layer, units, opts) {
  while (layer.firstChild) layer.firstChild.remove();
  const onMap = units.filter((u) => u.hex && (u.status === 'on_map' || u.status === undefined));
  onMap.sort((a, b) => (b.stack || 0) - (a.stack || 0));
  for (const u of onMap) layer.append(counter(u, u.hex, u.facing, u.stack || 0, opts));
}

function counter(u, hex, facing, stack, opts) {
  const c = centre(hex);
  const x = c.x + 4 * stack, y = c.y - 4 * stack;
  const side = opts.sideIndex(u.side);
  const colour = SIDE_COLOURS[side % SIDE_COLOURS.length];
  const classes = ['counter', `side-${side}`];
  if (opts.selected && opts.selected.has(u.id)) classes.push('selected');
  if (opts.attackers && opts.attackers.has(u.id)) classes.push('attacker');
  if (opts.defenders && opts.defenders.has(u.id)) classes.push('defender');
  if (!opts.replay && (u.moved || u.fought || u.shot)) classes.push('spent');
  if (isGeneral(u)) classes.push(u.cinc ? 'general cinc' : 'general');
  const g = svg('g', { class: classes.join(' '), 'data-unit': u.id, 'data-hex': hex, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` },
    svg('title', {}, describe(u, opts.sideName(u.side))),
    svg('rect', { class: 'body', x: -W / 2, y: -H / 2, width: W, height: H, rx: 3, fill: colour }),
    svg('image', { href: `symbols/${symbolOf(u)}.svg`, x: -9, y: -H / 2 + 2, width: 18, height: 12 }),
    svg('text', { class: 'uid', x: 0, y: 5.5, 'text-anchor': 'middle', ...(u.id.length > 6 ? { textLength: W - 4, lengthAdjust: 'spacingAndGlyphs' } : {}) }, u.id),
    svg('text', { class: 'values', x: 0, y: H / 2 - 2.5, 'text-anchor': 'middle' }, valuesOf(u)));
  if (isGeneral(u)) {
    // A general: a gold ring (doubled for the commander-in-chief) and a star in the corner.
    g.append(svg('circle', { class: 'general-ring', cx: 0, cy: 0, r: W / 2 + 3, fill: 'none' }));
    if (u.cinc) g.append(svg('circle', { class: 'general-ring cinc-ring', cx: 0, cy: 0, r: W / 2 + 6, fill: 'none' }));
    g.append(svg('polygon', { class: 'general-star', points: star(-W / 2 + 6, -H / 2 + 6, 5.5) }));
    if (u.cinc) g.append(svg('polygon', { class: 'general-star', points: star(-W / 2 + 6, H / 2 - 6, 5.5) }));
  }
  if (facing !== null && facing !== undefined && facing >= 0) {
    // A triangle on the counter's edge pointing at the vertex the unit faces.
    const tip = corner(0, 0, facing, 0.78), l = corner(0, 0, facing - 0.35, 0.5), r = corner(0, 0, facing + 0.35, 0.5);
    g.append(svg('polygon', { class: 'facing', points: `${tip.x.toFixed(1)},${tip.y.toFixed(1)} ${l.x.toFixed(1)},${l.y.toFixed(1)} ${r.x.toFixed(1)},${r.y.toFixed(1)}` }));
  }
  if (u.disordered || u.disorder) g.append(svg('text', { class: 'badge', x: W / 2 - 3, y: -H / 2 + 8, 'text-anchor': 'end' }, 'D'));
  if (opts.attackers && opts.attackers.has(u.id)) g.append(svg('text', { class: 'role', x: 0, y: -H / 2 - 3, 'text-anchor': 'middle' }, 'ATT'));
  if (opts.defenders && opts.defenders.has(u.id)) g.append(svg('text', { class: 'role', x: 0, y: -H / 2 - 3, 'text-anchor': 'middle' }, 'DEF'));
  return g;
}
