// The combat panel: choose attackers (your units) and the target (enemy units); the server's
// `preview` gives the odds or totals with every modifier and its rule id and the chance of each
// result, shown before you commit. Commit sends a `combat` (or `shoot`) action; the dice and the
// results come back as events into the log and onto the map.
import { el, clear } from './dom.js';

function signed(v) { return v > 0 ? `+${v}` : v < 0 ? `\u2212${-v}` : '0'; }

export class CombatPanel {
  constructor(game, box) {
    this.g = game;
    this.box = box;
    this.attackers = [];
    this.defenders = [];
    this.kind = 'combat';
    this.preview = null;
    this.error = null;
    this.draw();
  }

  clear() {
    this.kindChosen = false;
    this.attackers = [];
    this.defenders = [];
    this.preview = null;
    this.error = null;
    this.draw();
    this.g.redraw();
  }

  /** Adds or removes a unit: one of the side to move attacks, any other defends. */
  toggle(id, addOnly = false) {
    const g = this.g;
    const u = g.unit(id);
    if (!u || u.status !== 'on_map') return;
    const own = u.side === g.state.active;
    const list = own ? this.attackers : this.defenders;
    const i = list.indexOf(id);
    if (i >= 0 && !addOnly) list.splice(i, 1);
    else if (i < 0) list.push(id);
    if (g.tool !== 'combat') g.setTool('combat');
    g.redraw();
    return this.refresh();
  }

  /** Asks the server for the preview of the combat as chosen. */
  async refresh() {
    this.preview = null;
    this.error = null;
    this.shootable = false;
    const g = this.g;
    this.declared = null;
    const side = (g.mover && g.mover.sideLegal) || [];
    if (!this.attackers.length && !this.defenders.length && g.myMove() && side.some((a) => a.type === 'combat_close')) {
      // A combat is being declared unit by unit (the Actions buttons): what closing it now gives.
      this.declared = { type: 'combat_close' };
      try {
        this.preview = await g.query({ cmd: 'preview', action: this.declared });
      } catch (e) {
        // Not every ruleset previews a declaration in progress: ask about the units declared here.
        const d = this.declaring;
        if (d && d.attackers.length && d.defenders.length) {
          try {
            this.preview = await g.query({ cmd: 'preview', action: { type: 'combat', attackers: d.attackers, defenders: d.defenders } });
          } catch (e2) { this.error = e2; }
        } else {
          this.error = e;
        }
      }
    } else if (this.attackers.length && this.defenders.length) {
      // A shot is offered when the server lists it for the first attacker.
      if (this.attackers.length === 1 && this.defenders.length === 1) {
        try {
          const legal = await g.query({ cmd: 'legal', unit: this.attackers[0] });
          this.shootable = (legal.actions || []).some((a) => a.type === 'shoot' && a.target === this.defenders[0]);
        } catch { this.shootable = false; }
      }
      if (!this.shootable && this.kind === 'shoot') this.kind = 'combat';
      // A shot the server offers is the likely wish unless the player picked close combat.
      if (this.shootable && !this.kindChosen) this.kind = 'shoot';
      try {
        this.preview = await g.query({ cmd: 'preview', action: this.action() });
      } catch (e) {
        this.error = e;
      }
    }
    // The server's legal actions for the side say whether a close combat can start now (a
    // preview is answered in any phase, for planning).
    this.noCombatNow = this.kind === 'combat' && !this.declared && g.myMove() && side.length > 0 &&
      !side.some((a) => a.type === 'combat_begin' || a.type === 'combat');
    this.draw();
  }

  /** Follows a combat declared one atomic action at a time, for its preview. */
  noteAction(a) {
    if (a.type === 'combat_begin') this.declaring = { attackers: [], defenders: [] };
    else if (a.type === 'attacker' && this.declaring) this.declaring.attackers.push(a.at ? { unit: a.unit, at: a.at } : a.unit);
    else if (a.type === 'defender' && this.declaring) this.declaring.defenders.push(a.unit);
    else if (a.type === 'combat_close' || a.type === 'combat' || a.type === 'end_phase') this.declaring = null;
  }

  action() {
    if (this.declared) return this.declared;
    if (this.kind === 'shoot') return { type: 'shoot', unit: this.attackers[0], target: this.defenders[0] };
    return { type: 'combat', attackers: [...this.attackers], defenders: [...this.defenders] };
  }

  async commit() {
    if (this.declared) {
      const r = await this.g.act(this.declared);
      if (r) { this.lastResult = (r.events || []).filter((e) => e.type === 'die' || e.type === 'result'); this.drawLast(); }
      return;
    }
    if (!this.attackers.length || !this.defenders.length) {
      this.g.refuse({ message: 'Choose at least one attacker and one target first.' });
      return;
    }
    const t = this.g.unit(this.defenders[0]);
    this.lastTarget = t && t.hex;
    this.g.lastRefusal = null;
    const r = await this.g.act(this.action());
    if (!r) {
      this.lastTarget = null;
      // The refusal stays in the panel too (with a button when it names a unit to add).
      if (this.g.lastRefusal) { this.error = this.g.lastRefusal; this.draw(); }
    }
    if (r) {
      this.attackers = [];
      this.defenders = [];
      this.preview = null;
      this.draw();
      this.g.redraw();
      const res = (r.events || []).filter((e) => e.type === 'die' || e.type === 'result');
      this.lastResult = res;
      this.drawLast();
    }
  }

  /** Puts the dice and result of a combat on the map, where its first unit stood. */
  markResult(events) {
    const dice = events.filter((e) => e.type === 'die');
    // Only fights: dice without a combat result (action points, morale) stay in the log.
    if (!dice.length || !events.some((e) => e.type === 'result')) return;
    const results = events.filter((e) => e.type === 'result').map((e) => e.text || e.value);
    let where = this.lastTarget || null;
    this.lastTarget = null;
    if (!where) {
      const e = events.find((x) => x.hex || x.from);
      where = e ? e.hex || e.from : null;
    }
    if (!where) {
      const named = events.find((x) => x.unit && this.g.unit(x.unit) && this.g.unit(x.unit).hex);
      where = named ? this.g.unit(named.unit).hex : null;
    }
    this.g.map.showResult(where, `die ${dice.map((d) => d.roll).join(',')}${results.length ? `: ${results.join(' ')}` : ''}`);
  }

  drawLast() {
    if (!this.lastResult || !this.lastResult.length) return;
    this.box.append(el('div', { class: 'last-result', role: 'status' },
      el('h4', {}, 'Last combat'),
      el('ul', {}, this.lastResult.map((e) => el('li', {}, e.type === 'die'
        ? `Die ${e.roll}${(e.modifiers || []).map((m) => `, ${m.label} ${signed(m.value)} (${m.rule})`).join('')} = ${e.value}`
        : `Result ${e.text || e.value}${e.rule ? ` (${e.rule})` : ''}`)))));
  }

  draw() {
    const g = this.g;
    const box = clear(this.box);
    const name = (id) => g.unitName(typeof id === 'string' ? id : id.unit);
    const d = this.declared && this.declaring;
    const att = d ? d.attackers : this.attackers, def = d ? d.defenders : this.defenders;
    // Off my move (the other side's, or a game I watch) the attackers are the side to move's: a
    // fight they might start can still be previewed.
    const mine = g.myMove();
    box.append(
      el('p', {}, el('strong', {}, 'Attackers: '), att.length ? att.map(name).join(', ')
        : mine ? 'none — click your units in combat mode (C).' : 'none — to preview a fight, click units of the side to move in combat mode (C).'),
      el('p', {}, el('strong', {}, 'Target: '), def.length ? def.map(name).join(', ') : mine ? 'none — click enemy units.' : 'none — click the units they would attack.'));
    if (this.shootable) {
      const sel = el('select', { id: 'combat-kind', 'aria-label': 'Kind of attack' },
        el('option', { value: 'combat', selected: this.kind === 'combat' }, 'Close combat'),
        el('option', { value: 'shoot', selected: this.kind === 'shoot' }, 'Shoot'));
      sel.onchange = () => { this.kind = sel.value; this.kindChosen = true; this.refresh(); };
      box.append(el('label', { for: 'combat-kind' }, 'Attack by '), sel);
    }
    if (this.error) {
      box.append(el('p', { class: 'preview-error', role: 'status' }, `${this.declared ? 'No preview' : 'No combat possible'}: ${this.error.message}${this.error.rule ? ` (${this.error.rule})` : ''}`));
      // "X must take part in this combat as a defender": offer to add the unit the server named.
      const m = /^(\S+) must take part in this combat/.exec(this.error.message || '');
      if (m && g.unit(m[1]) && !this.attackers.includes(m[1]) && !this.defenders.includes(m[1])) {
        box.append(el('button', { type: 'button', id: 'combat-add-named', onclick: () => this.toggle(m[1]) }, `Add ${g.unitName(m[1])}`));
      }
    }
    const p = this.preview;
    if (p) {
      const terms = (t) => el('ul', { class: 'terms' }, (t || []).map((x) => el('li', {}, `${x.label} ${signed(x.value)} `, el('span', { class: 'rule' }, `(${x.rule})`))));
      box.append(el('div', { class: 'preview', 'aria-live': 'polite' },
        el('h4', {}, `Preview: ${p.kind || this.kind}${p.odds ? `, odds ${p.odds}` : ''}`),
        el('p', {}, `Attacker total ${p.attacker ? p.attacker.total : '?'}`), terms(p.attacker && p.attacker.terms),
        el('p', {}, `Defender total ${p.defender ? p.defender.total : '?'}`), terms(p.defender && p.defender.terms),
        p.die_modifiers && p.die_modifiers.length ? el('p', {}, 'Die modifiers') : null, terms(p.die_modifiers),
        el('table', { class: 'outcomes' },
          el('caption', {}, 'Chance of each result'),
          el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, 'Result'), el('th', { scope: 'col' }, 'Meaning'), el('th', { scope: 'col' }, 'Chance'))),
          el('tbody', {}, (p.outcomes || []).map((o) => el('tr', {},
            el('td', {}, o.result), el('td', {}, o.text || ''),
            el('td', { class: 'num' }, `${Math.round((o.p ?? (o.den ? o.num / o.den : 0)) * 1000) / 10}% (${o.num}/${o.den})`)))))));
    }
    if (this.noCombatNow && this.attackers.length && this.defenders.length) {
      box.append(el('p', { class: 'preview-error', role: 'status' }, 'No close combat can start now: the server lists none among your legal actions (see Actions). The preview is for planning.'));
    }
    if (this.declared) box.append(el('p', { class: 'declared' }, 'A combat is being declared: the preview shows what resolving it now gives.'));
    const ready = this.declared || (this.attackers.length && this.defenders.length);
    const go = el('button', { type: 'button', class: 'primary', id: 'combat-commit', disabled: !(ready && g.myMove()) || (!!this.error && !this.declared) || (this.noCombatNow && this.kind === 'combat'),
      onclick: () => this.commit() }, this.kind === 'shoot' ? 'Shoot (R)' : 'Resolve the combat (R)');
    const clearButton = el('button', { type: 'button', onclick: () => this.clear() }, 'Clear');
    // A watcher resolves nothing: no button that could never be pressed.
    box.append(el('div', { class: 'buttons' }, ...(g.mySides().length ? [go, ' '] : []), clearButton));
  }
}
