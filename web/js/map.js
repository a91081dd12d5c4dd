// The map view: an SVG with the server-rendered terrain as background (GET
// /api/scenarios/ID/map.svg, its counters removed), overlays (reachable hexes, zones of control,
// line of sight, command radius), a hex grid that takes clicks, the counters, and a keyboard
// cursor. Zoom and pan by wheel, drag and keys change the viewBox.
import { svg, clear } from './dom.js';
import * as hex from './hex.js';

export class MapView {
  /** `host` is an element to draw into; handlers: onHex(label, ev), onUnit(id, ev), onBox(hexes, ev). */
  constructor(host, handlers) {
    this.host = host;
    this.h = handlers;
    this.svg = svg('svg', { class: 'map', role: 'application', tabindex: 0, 'aria-roledescription': 'map',
      'aria-label': 'Battle map. Arrow keys move the cursor, Enter acts on the hex under it, Shift and arrows pan, plus and minus zoom. Press ? for all keys.' });
    const defs = svg('defs', {},
      pattern('zoc-0', '#0072b2', 45), pattern('zoc-1', '#d55e00', -45),
      pattern('zoc-2', '#009e73', 0), pattern('zoc-3', '#cc79a7', 90));
    this.bg = svg('g', { class: 'layer-terrain' });
    this.zoc = svg('g', { class: 'layer-zoc' });
    this.cmd = svg('g', { class: 'layer-command' });
    this.objectives = svg('g', { class: 'layer-objectives' });
    this.reach = svg('g', { class: 'layer-reach' });
    this.trail = svg('g', { class: 'layer-trail' });
    this.grid = svg('g', { class: 'layer-grid' });
    this.counters = svg('g', { class: 'layer-counters' });
    this.los = svg('g', { class: 'layer-los' });
    this.hint = svg('g', { class: 'layer-hint' });
    this.cursorLayer = svg('g', { class: 'layer-cursor' });
    this.results = svg('g', { class: 'layer-results' });
    this.boxRect = svg('rect', { class: 'box-select', visibility: 'hidden' });
    this.svg.append(defs, this.bg, this.objectives, this.zoc, this.cmd, this.reach, this.grid, this.trail, this.counters, this.hint, this.los, this.results, this.cursorLayer, this.boxRect);
    host.append(this.svg);
    this.cursor = null;
    this.bindPointer();
  }

  /** Sets the map size and draws the grid (and a plain background until the terrain arrives). */
  setMap(width, height) {
    this.width = width;
    this.height = height;
    this.digits = hex.digitsFor(width, height);
    const s = hex.mapSize(width, height);
    this.size = s;
    this.view = { x: 0, y: 0, w: s.w, h: s.h };
    this.applyView();
    clear(this.grid);
    clear(this.bg);
    for (const lab of hex.allHexes(width, height)) {
      const c = hex.centre(lab);
      this.bg.append(svg('polygon', { class: 'plain-hex', points: hex.polygonPoints(c.x, c.y) }));
      this.grid.append(svg('polygon', { class: 'cell', 'data-hex': lab, points: hex.polygonPoints(c.x, c.y) }));
    }
    if (!this.cursor) this.cursor = hex.label(0, 0, this.digits);
  }

  /** Uses the server's rendered map (an SVG document as text) as the terrain layer. */
  setTerrain(svgText) {
    const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
    const root = doc.documentElement;
    if (!root || root.nodeName !== 'svg') return false;
    for (const u of root.querySelectorAll('.units, title')) u.remove();
    clear(this.bg);
    for (const child of Array.from(root.childNodes)) this.bg.append(document.importNode(child, true));
    return true;
  }

  applyView() {
    const v = this.view;
    this.svg.setAttribute('viewBox', `${v.x.toFixed(1)} ${v.y.toFixed(1)} ${v.w.toFixed(1)} ${v.h.toFixed(1)}`);
  }

  /** Zooms by factor around a point in map coordinates (default: the view's centre). */
  zoom(factor, at) {
    const v = this.view;
    const p = at || { x: v.x + v.w / 2, y: v.y + v.h / 2 };
    const w = Math.min(Math.max(v.w / factor, 120), this.size.w * 3);
    const k = w / v.w;
    this.view = { x: p.x - (p.x - v.x) * k, y: p.y - (p.y - v.y) * k, w, h: v.h * k };
    this.applyView();
  }

  pan(dx, dy) {
    this.view.x += dx;
    this.view.y += dy;
    this.applyView();
  }

  resetView() {
    this.view = { x: 0, y: 0, w: this.size.w, h: this.size.h };
    this.applyView();
  }

  /**
   * Starts on the given hexes: the whole map when it fits at a readable scale, else the map at
   * one map pixel per screen pixel centred on them.
   */
  frame(hexes) {
    this.resetView();
    const rect = this.svg.getBoundingClientRect();
    if (!rect.width || !hexes.length) return;
    const scale = Math.min(rect.width / this.size.w, rect.height / this.size.h);
    if (scale >= 0.8) return;
    const pts = hexes.map((h) => hex.centre(h));
    const cx = pts.reduce((a, p) => a + p.x, 0) / pts.length, cy = pts.reduce((a, p) => a + p.y, 0) / pts.length;
    const w = rect.width, h = rect.height;
    const clamp = (v, lo, hi) => (hi < lo ? (lo + hi) / 2 : Math.min(Math.max(v, lo), hi));
    this.view = { x: clamp(cx - w / 2, 0, this.size.w - w), y: clamp(cy - h / 2, 0, this.size.h - h), w, h };
    this.applyView();
  }

  /** Keeps a hex in view, panning as little as needed. */
  reveal(lab) {
    const c = hex.centre(lab), v = this.view, m = hex.R * 1.5;
    if (c.x - m < v.x) v.x = c.x - m;
    if (c.x + m > v.x + v.w) v.x = c.x + m - v.w;
    if (c.y - m < v.y) v.y = c.y - m;
    if (c.y + m > v.y + v.h) v.y = c.y + m - v.h;
    this.applyView();
  }

  /** Map coordinates of a mouse event. */
  toMap(ev) {
    const pt = this.svg.createSVGPoint();
    pt.x = ev.clientX;
    pt.y = ev.clientY;
    const m = this.svg.getScreenCTM();
    return m ? pt.matrixTransform(m.inverse()) : { x: 0, y: 0 };
  }

  bindPointer() {
    const s = this.svg;
    s.addEventListener('wheel', (ev) => {
      ev.preventDefault();
      this.zoom(ev.deltaY < 0 ? 1.15 : 1 / 1.15, this.toMap(ev));
    }, { passive: false });
    let drag = null;
    s.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0) return;
      drag = { x: ev.clientX, y: ev.clientY, start: this.toMap(ev), box: ev.shiftKey, moved: false, id: ev.pointerId };
    });
    s.addEventListener('pointermove', (ev) => {
      if (!drag) return;
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 5) return;
      if (!drag.moved) s.setPointerCapture(drag.id);
      drag.moved = true;
      if (drag.box) {
        const p = this.toMap(ev), a = drag.start;
        Object.entries({ x: Math.min(a.x, p.x), y: Math.min(a.y, p.y), width: Math.abs(p.x - a.x), height: Math.abs(p.y - a.y) })
          .forEach(([k, v]) => this.boxRect.setAttribute(k, v));
        this.boxRect.setAttribute('visibility', 'visible');
      } else {
        const m = s.getScreenCTM();
        const k = m ? 1 / m.a : 1;
        this.pan(-dx * k, -dy * k);
        drag.x = ev.clientX;
        drag.y = ev.clientY;
      }
    });
    s.addEventListener('pointerup', (ev) => {
      const d = drag;
      drag = null;
      if (!d) return;
      if (d.moved) {
        s.releasePointerCapture && s.hasPointerCapture(d.id) && s.releasePointerCapture(d.id);
        if (d.box) {
          this.boxRect.setAttribute('visibility', 'hidden');
          const p = this.toMap(ev), a = d.start;
          const x0 = Math.min(a.x, p.x), x1 = Math.max(a.x, p.x), y0 = Math.min(a.y, p.y), y1 = Math.max(a.y, p.y);
          const hexes = hex.allHexes(this.width, this.height).filter((l) => {
            const c = hex.centre(l);
            return c.x >= x0 && c.x <= x1 && c.y >= y0 && c.y <= y1;
          });
          this.h.onBox && this.h.onBox(hexes, ev);
        }
        return;
      }
      // A click: a counter or a hex (found by geometry, so stacked counters and overlays never hide it).
      const target = document.elementFromPoint(ev.clientX, ev.clientY);
      const unitEl = target && target.closest && target.closest('[data-unit]');
      const cell = this.hexAt(this.toMap(ev));
      if (cell) this.setCursor(cell, false);
      if (unitEl && this.h.onUnit) this.h.onUnit(unitEl.dataset.unit, ev, unitEl.dataset.hex);
      else if (cell && this.h.onHex) this.h.onHex(cell, ev);
    });
  }

  /** The hex label under a map point, or null. */
  hexAt(p) {
    let best = null, bd = Infinity;
    const rowGuess = Math.round((p.y - hex.MARGIN - hex.R) / (1.5 * hex.R));
    for (let r = rowGuess - 1; r <= rowGuess + 1; r++) {
      if (r < 0 || r >= this.height) continue;
      const colGuess = Math.round((p.x - hex.MARGIN) / (hex.R * Math.sqrt(3)) - 0.5 - 0.5 * (r & 1));
      for (let c = colGuess - 1; c <= colGuess + 1; c++) {
        if (c < 0 || c >= this.width) continue;
        const lab = hex.label(c, r, this.digits), ce = hex.centre(lab);
        const d = Math.hypot(ce.x - p.x, ce.y - p.y);
        if (d < bd) { bd = d; best = lab; }
      }
    }
    return bd <= hex.R ? best : null;
  }

  setCursor(lab, reveal = true) {
    if (!lab || !hex.inside(lab, this.width, this.height)) return;
    this.cursor = lab;
    clear(this.cursorLayer);
    const c = hex.centre(lab);
    this.cursorLayer.append(svg('polygon', { class: 'cursor', points: hex.polygonPoints(c.x, c.y, 0.92) }));
    if (reveal) this.reveal(lab);
    this.svg.setAttribute('aria-activedescendant', '');
  }

  /** Moves the cursor one hex in hexside direction d. */
  moveCursor(d) {
    const n = hex.neighbour(this.cursor || hex.label(0, 0, this.digits), d, this.digits);
    if (n && hex.inside(n, this.width, this.height)) this.setCursor(n);
  }

  /** Highlights reachable positions: [{hex, mp, ap, zoc}], one label per hex (cheapest). */
  showReach(positions, from) {
    clear(this.reach);
    const best = new Map();
    for (const p of positions || []) {
      if (p.hex === from) continue;
      const b = best.get(p.hex);
      if (!b || p.mp < b.mp || (p.mp === b.mp && p.ap < b.ap)) best.set(p.hex, p);
    }
    for (const [lab, p] of best) {
      const c = hex.centre(lab);
      const g = svg('g', { class: `reach${p.zoc ? ' reach-zoc' : ''}`, 'data-reach': lab },
        svg('polygon', { points: hex.polygonPoints(c.x, c.y, 0.9) }),
        svg('text', { x: c.x, y: c.y + hex.R * 0.62, 'text-anchor': 'middle' }, p.ap ? `${p.mp} MP ${p.ap} AP` : `${p.mp} MP`));
      if (p.zoc) g.append(svg('title', {}, `${lab}: ${p.mp} MP, ${p.ap} AP, in an enemy zone of control`));
      this.reach.append(g);
    }
  }

  /** Hexes the side may choose (retreat, advance), each with a label. */
  showChoices(choices) {
    clear(this.reach);
    for (const c of choices) {
      const p = hex.centre(c.hex);
      this.reach.append(svg('g', { class: 'reach choice', 'data-choice': c.hex },
        svg('polygon', { points: hex.polygonPoints(p.x, p.y, 0.9) }),
        svg('text', { x: p.x, y: p.y + hex.R * 0.62, 'text-anchor': 'middle' }, c.label)));
    }
  }

  /** Zones of control: {side: [hexes]} with a side index function; hatched per side. */
  showZoc(sides, sideIndex) {
    clear(this.zoc);
    if (!sides) return;
    for (const [side, hexes] of Object.entries(sides)) {
      const i = sideIndex(side);
      for (const lab of hexes) {
        const c = hex.centre(lab);
        this.zoc.append(svg('polygon', { class: `zoc zoc-side-${i}`, 'data-zoc': `${side}:${lab}`, fill: `url(#zoc-${i})`, points: hex.polygonPoints(c.x, c.y, 0.97) }));
      }
    }
  }

  /**
   * Hexes within a general's command distances (a display aid; the server's `command` decides):
   * r = {sight, far}: a dark band closer than `sight`, a light band out to `far`.
   */
  showRadius(centreHex, r) {
    clear(this.cmd);
    if (!centreHex || !r) return;
    for (const lab of hex.allHexes(this.width, this.height)) {
      const d = hex.distance(centreHex, lab);
      if (d > r.far) continue;
      const c = hex.centre(lab);
      this.cmd.append(svg('polygon', { class: `command-radius ${d < r.sight ? 'command-near' : 'command-far'}`, 'data-command': lab, points: hex.polygonPoints(c.x, c.y, 0.95) }));
    }
  }

  /** Objective markers: a ring and the victory points at each objective hex. */
  showObjectives(objectives) {
    clear(this.objectives);
    for (const o of objectives || []) {
      const c = hex.centre(o.hex);
      this.objectives.append(svg('g', { class: 'objective', 'data-objective': o.hex },
        svg('title', {}, `Objective ${o.hex}${o.points !== undefined ? `: ${o.points} victory points` : ''}`),
        svg('circle', { cx: c.x, cy: c.y, r: hex.R * 0.82 }),
        svg('text', { x: c.x, y: c.y + hex.R * 0.78, 'text-anchor': 'middle' }, `\u2691 ${o.points ?? ''}`)));
    }
  }

  /** A line of sight from -> to; r = the server's {clear, blocked_at}. */
  showLos(from, to, r) {
    clear(this.los);
    if (!from) return;
    const a = hex.centre(from);
    this.los.append(svg('circle', { class: 'los-end', cx: a.x, cy: a.y, r: 6 }));
    if (!to || !r) return;
    const b = hex.centre(to);
    this.los.append(svg('line', { class: r.clear ? 'los clear' : 'los blocked', x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
      svg('circle', { class: 'los-end', cx: b.x, cy: b.y, r: 6 }));
    if (!r.clear && r.blocked_at) {
      const p = hex.pointOf(r.blocked_at);
      this.los.append(svg('path', { class: 'los-block', d: `M${p.x - 7},${p.y - 7} L${p.x + 7},${p.y + 7} M${p.x + 7},${p.y - 7} L${p.x - 7},${p.y + 7}` }));
    }
  }

  clearLos() { clear(this.los); }

  /** The way the AI suggests (a hint): a line through hexes, its end ringed; none clears it. */
  showHint(hexes) {
    clear(this.hint);
    if (!hexes || hexes.length < 2) return;
    const pts = hexes.map((h) => hex.centre(h));
    const end = pts[pts.length - 1];
    this.hint.append(svg('polyline', { class: 'hint-path', points: pts.map((p) => `${p.x},${p.y}`).join(' ') }),
      svg('circle', { class: 'hint-end', 'data-hint': hexes[hexes.length - 1], cx: end.x, cy: end.y, r: hex.R * 0.55 }));
  }

  /**
   * The other side's last moves (trail.js): for each unit a line through the hexes it went, in the
   * colour `colour(path)` gives (its unit's side's), a dot where it set out.
   */
  showTrail(paths, colour) {
    clear(this.trail);
    for (const p of paths || []) {
      const pts = p.hexes.map((h) => hex.centre(h));
      const c = colour(p);
      this.trail.append(svg('g', { class: 'trail', 'data-trail': p.unit, 'data-from': p.hexes[0], 'data-to': p.hexes[p.hexes.length - 1] },
        svg('polyline', { stroke: c, points: pts.map((q) => `${q.x},${q.y}`).join(' ') }),
        svg('circle', { fill: c, cx: pts[0].x, cy: pts[0].y, r: hex.R * 0.18 })));
    }
  }

  /** A short-lived label on the map where a combat was fought: the die and the result. */
  showResult(where, text) {
    if (!where) return;
    const c = hex.centre(where);
    // One label per hex, short enough not to hide the counters around it (the log has it all).
    for (const old of this.results.querySelectorAll(`[data-result="${where}"]`)) old.remove();
    const short = text.length > 30 ? `${text.slice(0, 29)}\u2026` : text;
    const w = Math.max(60, short.length * 5.8 + 12);
    const g = svg('g', { class: 'combat-result', 'data-result': where },
      svg('title', {}, text),
      svg('rect', { x: c.x - w / 2, y: c.y - hex.R - 14, width: w, height: 16, rx: 3 }),
      svg('text', { x: c.x, y: c.y - hex.R - 2, 'text-anchor': 'middle' }, short));
    this.results.append(g);
    setTimeout(() => g.remove(), 6000);
  }
  clearReach() { clear(this.reach); }
}

function pattern(id, colour, angle) {
  return svg('pattern', { id, width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: `rotate(${angle})` },
    svg('rect', { width: 8, height: 8, fill: colour, 'fill-opacity': 0.12 }),
    svg('line', { x1: 0, y1: 0, x2: 0, y2: 8, stroke: colour, 'stroke-width': 3, 'stroke-opacity': 0.7 }));
}
