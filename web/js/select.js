// Selecting and moving: a unit (or a group, by shift-click or a dragged box) is selected; the
// server's `reach` lights up the hexes it can reach with their MP and AP cost and its `legal`
// lists what the unit may do now. A click on a lit hex sends a `move` (or `group`) with the
// steps found through the server's own reach positions; anywhere else the server is asked
// anyway and its refusal is shown. Q/E turn left/right.
import { el, clear } from './dom.js';
import { isGeneral } from './counters.js';
import { planPath, entryPath } from './path.js';

/** An action in words, for buttons and the log. */
export function actionText(a, name = (u) => u) {
  const u = a.unit ? name(a.unit) : '';
  switch (a.type) {
    case 'activate': return `Activate ${u}`;
    case 'step': return `${u}: step to ${a.to}`;
    case 'turn': return `${u}: turn ${a.dir}`;
    case 'end_activation': return 'End the activation';
    case 'group_begin': return `Begin a group with ${u}`;
    case 'group_add': return `Add ${u} to the group`;
    case 'group_close': return 'Close the group';
    case 'shoot': return `${u}: shoot at ${name(a.target)}`;
    case 'combat_begin': return 'Begin a combat';
    case 'attacker': return `Attack with ${u}${a.at ? ` at ${a.at}` : ''}`;
    case 'defender': return `Attack ${u}`;
    case 'combat_close': return 'Resolve the combat';
    case 'bombard': return `${u}: bombard ${name(a.target)}`;
    case 'charge': return `${u}: charge ${name(a.target)}${a.via ? ` via ${a.via}` : ''}`;
    case 'retreat': return `${u}: retreat to ${a.to}`;
    case 'advance': return `${u}: advance to ${a.to}`;
    case 'no_advance': return 'Do not advance';
    case 'hold': return `${u}: hold`;
    case 'pivot': return `${u}: pivot to face vertex ${a.facing}`;
    case 'end_phase': return 'End the phase';
    case 'move': return `${u}: move ${(a.steps || []).join(' ')}`;
    default: return a.type + (u ? ` ${u}` : '');
  }
}

export class Mover {
  constructor(game) {
    this.g = game;
    this.selected = [];
    this.positions = [];
    this.legal = [];
    this.reachError = null;
    this.command = null;
    this.showRadius = false;
  }

  /** The activated unit, if the selection's legal actions say one is being moved. */
  activeUnit() {
    const a = this.legal.find((x) => x.type === 'step' || x.type === 'end_activation' || (x.type === 'turn' && !this.legal.some((y) => y.type === 'activate')));
    return a ? a.unit || this.selected[0] : null;
  }

  reachable(h) { return this.positions.some((p) => p.hex === h); }

  async select(ids, { add = false } = {}) {
    const g = this.g;
    let next = add ? [...this.selected] : [];
    for (const id of ids) {
      if (add && next.includes(id)) next = next.filter((x) => x !== id);
      else if (!next.includes(id)) next.push(id);
    }
    // A group is units of one side.
    if (next.length > 1) {
      const side = g.unit(next[next.length - 1]).side;
      next = next.filter((id) => g.unit(id).side === side);
    }
    this.selected = next;
    this.showRadius = false;
    g.map.showRadius(null);
    if (next.length === 1) g.map.setCursor(g.unit(next[0]).hex, false);
    g.redraw();
    await this.refreshSelection();
  }

  clear() {
    this.selected = [];
    this.positions = [];
    this.legal = [];
    this.g.map.clearReach();
    this.g.map.showRadius(null);
    this.g.redraw();
    this.refreshSelection();
  }

  /**
   * Shows or hides the hexes within the ruleset's command distances of the selected general (a
   * display aid measured in straight hexes; the `command` query gives the real cost).
   */
  toggleRadius() {
    const g = this.g, u = g.unit(this.selected[0]), r = u && isGeneral(u) ? g.commandRadius() : null;
    this.showRadius = !this.showRadius && !!r;
    g.map.showRadius(this.showRadius ? u.hex : null, r);
    if (this.showRadius) {
      g.notice(`Command of ${g.unitName(u.id)} (${r.rule}): under ${r.sight} hexes (dark) always; ${r.sight} to ${r.far} (light) if the general sees the unit; ` +
        `farther, +${r.cost} to activate. Straight distance: the server's cost is under Selected.`);
    } else g.notice('');
    this.drawPanel();
  }

  /** Asks the server what the selection can reach and do now. */
  async refreshSelection() {
    const g = this.g;
    const seq = (this.selSeq = (this.selSeq || 0) + 1);
    // Units on the map, and reinforcements waiting to enter (their reach starts at the entry).
    this.selected = this.selected.filter((id) => { const u = g.unit(id); return u && (u.status === 'on_map' || u.status === 'waiting'); });
    this.positions = [];
    this.legal = [];
    this.reachError = null;
    this.command = null;
    if (!this.selected.length || g.replay.active) {
      g.map.clearReach();
      this.drawPanel();
      await this.drawActions();
      return;
    }
    const which = this.selected.length === 1 ? { unit: this.selected[0] } : { units: this.selected };
    const [reach, legal, command] = await Promise.allSettled([
      g.query({ cmd: 'reach', ...which }),
      g.query({ cmd: 'legal', ...which }),
      g.query({ cmd: 'command', ...which }),
    ]);
    if (seq !== this.selSeq) return; // the selection changed meanwhile
    if (reach.status === 'fulfilled') this.positions = reach.value.positions || [];
    else this.reachError = reach.reason;
    if (legal.status === 'fulfilled') this.legal = legal.value.actions || [];
    if (command.status === 'fulfilled') this.command = command.value;
    const u = g.unit(this.selected[0]);
    if (g.tool === 'move') g.map.showReach(this.positions, this.selected.length === 1 ? u.hex : null);
    else g.map.clearReach();
    this.drawPanel();
    await this.drawActions();
  }

  /** The side's retreat and advance choices (after a combat) lit on the map, when nothing is selected. */
  drawChoices() {
    const g = this.g;
    if (this.selected.length) return;
    const choices = (this.sideLegal || []).filter((a) => (a.type === 'retreat' || a.type === 'advance') && a.to);
    g.map.showChoices(choices.map((a) => ({ hex: a.to, label: `${a.type} ${a.unit}` })));
  }

  /** A retreat or advance the side may choose into this hex, if exactly one. */
  choiceAt(hex) {
    const c = (this.sideLegal || []).filter((a) => (a.type === 'retreat' || a.type === 'advance') && a.to === hex);
    return c.length === 1 ? c[0] : null;
  }

  /** Moves the selection to `target`: a move or group compound, or atomic steps when activated. */
  async moveTo(target) {
    const g = this.g;
    if (!this.selected.length) return;
    const u = g.unit(this.selected[0]);
    if (!g.isMine(u.side)) {
      g.refuse({ message: `${g.unitName(u.id)} belongs to ${g.sideName(u.side)}.` });
      return;
    }
    const road = (x, y) => g.roadBetween(x, y);
    const friends = g.state.units.filter((x) => x.side === u.side && x.status === 'on_map' && !this.selected.includes(x.id)).map((x) => x.hex);
    const path = (u.hex ? planPath(this.positions, u, target, g.map.digits, road, friends)
      : entryPath(this.positions, target, g.map.digits, road, friends)) || [target];
    const active = this.activeUnit();
    if (active && this.selected.length === 1 && active === u.id) {
      // The unit is already activated: take each step as its own atomic action.
      for (const s of path) {
        const a = s === 'left' || s === 'right' ? { type: 'turn', unit: u.id, dir: s } : { type: 'step', unit: u.id, to: s };
        if (!(await g.act(a))) break;
      }
      return;
    }
    if (this.selected.length > 1) await g.act({ type: 'group', units: this.selected, steps: path });
    else await g.act({ type: 'move', unit: u.id, steps: path });
  }

  /** Q/E: turn the selected unit one vertex left (counter-clockwise) or right. */
  async turn(dir) {
    const g = this.g;
    if (this.selected.length !== 1) {
      g.refuse({ message: 'Select one unit to turn it.' });
      return;
    }
    const id = this.selected[0];
    const atomic = this.legal.find((a) => a.type === 'turn' && a.unit === id && a.dir === dir);
    if (atomic) await g.act(atomic);
    else await g.act({ type: 'move', unit: id, steps: [dir] });
  }

  /** The selected unit's panel: what it is, its values from the server, and its buttons. */
  drawPanel() {
    const g = this.g;
    const box = clear(document.getElementById('unit-info'));
    if (!this.selected.length) {
      // N cycles my units, or a watcher's through the side to move's (keys.js).
      const next = g.mySides().length ? 'your next unit' : 'the next unit of the side to move';
      box.append(el('p', { class: 'empty' }, `No unit selected. Click a counter, press N for ${next}, or shift-drag a box.`));
      return;
    }
    const u = g.unit(this.selected[0]);
    if (this.selected.length > 1) box.append(el('p', { class: 'group' }, `Group of ${this.selected.length}: ${this.selected.join(', ')}`));
    box.append(el('p', { class: 'unit-title' }, g.describeUnit(u)));
    const skip = new Set(['id', 'name', 'side', 'hex', 'type', 'status', 'type_name', 'symbol', 'general', 'cinc']);
    const dl = el('dl', { class: 'unit-values' });
    for (const [k, v] of Object.entries(u)) {
      if (skip.has(k) || v === null || typeof v === 'object') continue;
      const shown = k === 'corps' ? g.corpsName(v) : String(v); // as the points panel names it
      dl.append(el('dt', {}, k.replace(/_/g, ' ')), el('dd', { 'data-value': k }, shown));
    }
    box.append(dl);
    if (this.command && (this.command.cost !== undefined)) {
      const c = this.command;
      box.append(el('p', { class: 'command' }, `Command: costs ${c.cost} of ${c.available} points${c.allowed ? '' : ' — not allowed'}${c.rule ? ` (${c.rule})` : ''}${c.message ? `: ${c.message}` : ''}`),
        c.terms && c.terms.length ? el('ul', { class: 'terms' }, c.terms.map((t) => el('li', {}, `${t.label} ${t.value} (${t.rule})`))) : null);
    }
    if (this.reachError && this.g.tool === 'move') {
      box.append(el('p', { class: 'reach-none' }, `Cannot move now: ${this.reachError.message}${this.reachError.rule ? ` (${this.reachError.rule})` : ''}`));
    } else if (this.positions.length > 1) {
      box.append(el('p', { class: 'reach-count' }, `${new Set(this.positions.map((p) => p.hex)).size - 1} hexes in reach (lit on the map).`));
    }
    const radius = isGeneral(u) ? g.commandRadius() : null;
    const buttons = el('div', { class: 'buttons' },
      el('button', { type: 'button', id: 'turn-left', title: 'Q', onclick: () => this.turn('left') }, '\u21b6 Turn left (Q)'),
      el('button', { type: 'button', id: 'turn-right', title: 'E', onclick: () => this.turn('right') }, 'Turn right (E) \u21b7'),
      radius ? el('button', { type: 'button', id: 'command-radius', title: 'G', 'aria-pressed': String(!!this.showRadius), onclick: () => this.toggleRadius() },
        'Command radius (G)') : null,
      el('button', { type: 'button', onclick: () => this.clear() }, 'Deselect (Esc)'));
    const mine = g.myMove() && g.isMine(u.side);
    for (const b of buttons.querySelectorAll('#turn-left, #turn-right')) b.disabled = !mine || u.facing === null || u.facing === undefined;
    box.append(buttons);
  }

  /**
   * Every legal action as a button: the selection's own first, then those of the side to move
   * that belong to no unit (end the activation, close a group, end the phase...); with nothing
   * selected, all of the side's.
   */
  async drawActions() {
    const g = this.g;
    const seq = (this.actionsSeq = (this.actionsSeq || 0) + 1);
    const box = document.getElementById('actions');
    if (!g.myMove() || g.replay.active) {
      clear(box);
      this.sideLegal = [];
      if (!this.selected.length || g.replay.active) g.map.showChoices([]);
      box.append(el('p', { class: 'empty' }, g.replay.active ? 'The map shows a replay: press Live to act.'
        : g.state && g.state.over ? 'The game is over.' : 'Not your move.'));
      return;
    }
    let side = [];
    try { side = (await g.query({ cmd: 'legal' })).actions || []; } catch { side = []; }
    if (seq !== this.actionsSeq) return; // a newer call draws
    clear(box);
    this.sideLegal = side;
    this.drawChoices();
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    let actions;
    if (this.selected.length) {
      actions = [...this.legal];
      for (const a of side) if (!a.unit && !actions.some((b) => same(a, b))) actions.push(a);
    } else {
      actions = side;
    }
    // Steps and turns are taken on the map and with Q/E; everything else gets a button.
    const shown = actions.filter((a) => a.type !== 'step' && a.type !== 'turn');
    if (!shown.length) {
      box.append(el('p', { class: 'empty' }, 'No other action now.'));
      return;
    }
    const list = el('ul', { class: 'action-list', 'aria-label': this.selected.length ? 'Actions of the selection and the side' : 'Actions of the side to move' });
    for (const a of shown.slice(0, 200)) {
      // An activation selects its unit, so its reach (a reinforcement's way in too) is lit.
      const go = async () => { const r = await g.act(a); if (r && a.type === 'activate' && a.unit) await this.select([a.unit]); };
      list.append(el('li', {}, el('button', { type: 'button', 'data-action': a.type, onclick: go }, actionText(a, (u) => g.unitName(u)))));
    }
    box.append(list);
    if (shown.length > 200) box.append(el('p', {}, `and ${shown.length - 200} more`));
  }
}
