// The game log: every event in words with the rule behind it, as a plain-text ordered list that
// a screen reader follows (aria-live). The log also keeps the events in order for the replay.
import { el, phaseName } from './dom.js';

function signed(v) {
  return v > 0 ? `+${v}` : v < 0 ? `\u2212${-v}` : '0';
}

function modifiersText(mods) {
  if (!mods || !mods.length) return '';
  return mods.map((m) => `${m.label} ${signed(m.value)}${m.rule ? ` [${m.rule}]` : ''}`).join(', ');
}

/** One event in words. `name(unitId)` gives a unit's display name, `side(sideId)` a side's. */
export function eventText(e, name = (u) => u, side = (s) => s) {
  const u = e.unit ? name(e.unit) : '';
  let t;
  switch (e.type) {
    case 'moved': t = e.text || `${u} moves from ${e.from} to ${e.to}.`; break;
    case 'retreat': t = e.text || `${u} retreats from ${e.from} to ${e.to}.`; break;
    case 'advance': t = e.text || `${u} advances from ${e.from} to ${e.to}.`; break;
    case 'turned': t = e.text || `${u} turns to face vertex ${e.facing}${e.hex ? ` at ${e.hex}` : ''}.`; break;
    case 'eliminated': t = e.text || `${u} is eliminated${e.hex ? ` at ${e.hex}` : ''}.`; break;
    case 'arrived': t = e.text || `${u} arrives at ${e.to}.`; break;
    case 'activated': t = e.text || `${u} is activated${e.value ? ` (cost ${e.value})` : ''}.`; break;
    case 'die': {
      const mods = modifiersText(e.modifiers);
      t = e.text ? `${e.text}${mods ? ` Modifiers: ${mods}.` : ''}`
        : `Die roll ${e.roll}${mods ? `; modifiers: ${mods}` : ''}; result ${e.value}.`;
      break;
    }
    case 'result': t = `Result: ${e.text || e.value}.`; break;
    case 'disorder': t = e.text || `${u} is ${e.value ? 'disordered' : 'rallied'}.`; break;
    case 'points': t = e.text || `${e.corps || e.side}: ${e.value} action points.`; break;
    case 'phase':
      // Some rulesets name the phase only by its id (nap.combat): say it in words.
      t = e.text && !/^[a-z]+\.[a-z_]+$/.test(e.text) ? e.text
        : `Turn ${e.value}, ${e.side ? side(e.side) : 'next side'}: ${e.text ? `${phaseName(e.text).toLowerCase()} phase` : 'a new phase'}.`;
      break;
    case 'game_over': t = e.text || 'The game is over.'; break;
    default: t = e.text || `${e.type}${u ? ` ${u}` : ''}.`;
  }
  return t;
}

export class GameLog {
  constructor(list) {
    this.list = list;
    this.events = []; // [{event, turn}] in order
  }

  clear() {
    this.list.replaceChildren();
    this.events = [];
    this.turn = undefined;
  }

  /** Appends a batch of events (one accepted action). `who` names the acting side, if known. */
  add(events, { turn, name, side, undone } = {}) {
    if (undone) {
      this.list.append(el('li', { class: 'undo' }, `Taken back: ${undone}.`));
      this.scroll();
      return;
    }
    // Events before a new-phase event belong to the turn that was running.
    let t = this.turn ?? turn;
    for (const e of events || []) {
      if (e.type === 'phase' && e.value) t = e.value;
      this.events.push({ event: e, turn: t });
      const li = el('li', { class: `ev ev-${e.type}`, 'data-type': e.type, 'data-rule': e.rule || '' },
        t ? el('span', { class: 'turn' }, `T${t} `) : null,
        eventText(e, name, side),
        e.rule ? el('span', { class: 'rule' }, ` (${e.rule})`) : null);
      this.list.append(li);
    }
    if (turn) this.turn = turn;
    this.scroll();
  }

  note(text) {
    this.list.append(el('li', { class: 'note' }, text));
    this.scroll();
  }

  scroll() {
    const box = this.list.parentElement;
    if (box) box.scrollTop = box.scrollHeight;
  }
}
