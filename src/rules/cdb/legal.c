/* The legal query (cdb): the candidate actions of each unit, each kept when the ruleset's check
 * accepts it. The candidates are only those check could accept (the tests before each push are
 * conditions check refuses first), and check is asked with a view of the board index (view.c,
 * index.c), so a position with ~90 units is listed without scanning every unit per question. */
#include "cdb.h"

#include <string.h>

/* Candidates for `legal`: every action that could make sense now; check keeps the good ones.
 * Actions of no unit (end_phase, group_close ...) are listed with or without a unit filter. */
static void push_if(const grg_game *g, const cdb_board *b, grg_action a, grg_action_list *out)
{
    if (cdb_check_with(g, &a, NULL, b) == 0)
        grg_action_list_push(out, a);
}

/* The verdicts of the open impulse's steps and turns, asked once per legal call (-1: not yet).
 * A step or turn of any counter of the impulse judges the same cdb_move_step or cdb_move_turn
 * (a group moves rigidly, activate.c's judge), so a group of 12 is judged once, not 12 times.
 * step[dist - 1][dir]; turn[0] right (-1), turn[1] left (+1). In the free stage, pays holds
 * cdb_corps_may_pay: a corps without its bit has no activation or group_begin to check. */
typedef struct move_memo {
    int8_t step[2][6];
    int8_t turn[2];
    int8_t spent; /* the impulse stopped or spent its MP: cdb_move_step refuses every step */
    uint32_t pays;
    /* While a group is declared: bit u of next_to set when u stands next to a member, read from
     * the index around each member when `marked` (else each unit measures its distances). */
    int8_t marked;
    uint32_t next_to[GRG_MAX_UNITS / 32];
} move_memo;

/* The counters next to a member of the group being declared, from the index's counters in the six
 * hexes around each member: every counter on the map stands in a hex of the map when the index
 * holds the position, so these are the units at distance 1 of a member. */
static void mark_group_neighbours(const grg_game *g, const cdb_board *b, move_memo *memo)
{
    const cdb_state *st = cdb_cst(g);
    memo->marked = (int8_t)cdb_b_indexed(b);
    if (!memo->marked)
        return;
    memset(memo->next_to, 0, sizeof memo->next_to);
    for (int i = 0; i < st->group_n; i++) {
        int cell[6];
        cdb_nb_cells(&g->sc->map, g->units[st->group[i]].hex, cell);
        for (int d = 0; d < 6; d++)
            for (int e = cdb_b_first_in(b, cell[d]); e != CDB_NO_UNIT; e = cdb_b_next(b, e))
                memo->next_to[e / 32] |= 1u << (e % 32);
    }
}

/* The verdict of candidate a (a step of dist hexes in direction d, or a turn one way), from the
 * memo when the unit stands where the impulse says its piece is: judge (activate.c) then asks
 * exactly cdb_move_step(d, dist) or cdb_move_turn(way) of the open impulse, so legal asks them
 * itself; elsewhere the full check. */
static int memo_verdict(const grg_game *g, const cdb_board *b, int8_t *slot, grg_action a, int d,
                        int dist, int same_hex)
{
    if (!same_hex)
        return cdb_check_with(g, &a, NULL, b);
    if (*slot < 0) {
        const cdb_move *mv = &cdb_cst(g)->mv;
        int v = a.type == GRG_A_STEP ? cdb_move_step(g, mv, d, dist, NULL, NULL, b)
                                     : cdb_move_turn(g, mv, a.arg, NULL, NULL, b);
        *slot = (int8_t)(v == 0);
    }
    return *slot ? 0 : -1;
}

/* Candidates of one unit. Each test before a push_if is a condition check itself refuses on
 * first, so skipping the candidate never hides a legal action (the unit test in
 * tests/unit/test_cdb_rules.c compares legal with check on random games). */
static void unit_candidates(const grg_game *g, const cdb_board *b, move_memo *memo, int u,
                            grg_action_list *out)
{
    const cdb_state *st = cdb_cst(g);
    const grg_unit *x = &g->units[u];
    grg_action a;
    if (st->pend != CDB_PEND_NONE) {
        if (u != st->pend_unit)
            return; /* cdb_check_decision: only the unit concerned decides */
        for (int t = GRG_A_RETREAT; t <= GRG_A_ADVANCE; t++)
            for (int d = 0; d < 6; d++) {
                a = grg_action_make((grg_action_type)t, u);
                a.hex = cdb_nb(x->hex, d);
                push_if(g, b, a, out);
            }
        return;
    }
    switch (g->phase) {
    case CDB_PH_MOVE:
        if (st->stage == CDB_STAGE_MOVE) {
            /* the moving bitset holds every counter of pc (cdb_move_init): a quick no first */
            int p = cdb_move_has(&st->mv, u) ? cdb_move_member(&st->mv, u) : -1;
            if (p < 0)
                return; /* judge: not the unit or group moving now */
            int same = grg_hex_eq(x->hex, st->mv.at[p]);
            grg_action step = grg_action_make(GRG_A_STEP, u), turn = grg_action_make(GRG_A_TURN, u);
            /* CDB-8.2: the memo's cdb_move_step refuses a group's two-hex steps at once */
            int far = same && st->mv.n > 1 ? 1 : 2;
            for (int dist = 1; dist <= far && !memo->spent; dist++)
                for (int d = 0; d < 6; d++) {
                    a = step;
                    a.hex = cdb_nb(x->hex, d);
                    /* CDB-8.2, 9.1.c: a two-hex step passes through a counter (move.c's enter) */
                    if (dist == 2 && same && cdb_b_top_at(g, b, a.hex) < 0)
                        continue;
                    if (dist == 2)
                        a.hex = cdb_nb(a.hex, d);
                    if (memo_verdict(g, b, &memo->step[dist - 1][d], a, d, dist, same) == 0)
                        grg_action_list_push(out, a);
                }
            for (int way = -1; way <= 1; way += 2) {
                a = turn;
                a.arg = (int16_t)way;
                if (memo_verdict(g, b, &memo->turn[(way + 1) / 2], a, 0, 0, 1) == 0)
                    grg_action_list_push(out, a);
            }
            return;
        }
        if (x->side != g->active || !cdb_on_map(g, u))
            return; /* activate, group and hold need a unit of the active side on the map */
        if (st->stage == CDB_STAGE_FREE) {
            /* arg 1, the front rank alone, is arg 0's check and a stack of two under its top */
            int cs[3];
            a = grg_action_make(GRG_A_ACTIVATE, u);
            if ((memo->pays >> x->corps & 1) && cdb_check_with(g, &a, NULL, b) == 0) {
                grg_action_list_push(out, a);
                a.arg = 1;
                if (cdb_is_top(g, u) && cdb_b_stack(g, b, x->hex, cs) >= 2)
                    grg_action_list_push(out, a);
            }
            if (memo->pays >> x->corps & 1)
                push_if(g, b, grg_action_make(GRG_A_GROUP_BEGIN, u), out);
            if (cdb_needs_hold(g, u)) /* cdb_check_hold refuses a unit that needs none */
                push_if(g, b, grg_action_make(GRG_A_HOLD, u), out);
            return;
        }
        /* a group is being declared: additions next to a member (may_add), its hold by a member */
        int member = 0, next_to = memo->marked && (memo->next_to[u / 32] >> (u % 32) & 1);
        for (int i = 0; i < st->group_n; i++) {
            member |= st->group[i] == u;
            next_to |= !memo->marked && cdb_dist(g->units[st->group[i]].hex, x->hex) == 1;
        }
        if (next_to)
            push_if(g, b, grg_action_make(GRG_A_GROUP_ADD, u), out);
        if (member)
            push_if(g, b, grg_action_make(GRG_A_HOLD, u), out);
        return;
    case CDB_PH_MISSILE:
        if (st->stage != CDB_STAGE_FREE || x->side != g->active || !cdb_is_top(g, u) ||
            cdb_range(g, u) <= 0 || (x->flags & (CDB_UF_SHOT | CDB_UF_MOVED)))
            return;
        for (int t = 0; t < g->n_units; t++) {
            if (!cdb_shot_candidate(g, u, t))
                continue;
            a = grg_action_make(GRG_A_SHOOT, u);
            a.target = (int16_t)t;
            push_if(g, b, a, out);
        }
        return;
    case CDB_PH_MELEE:
        if (st->stage == CDB_STAGE_PIVOT) { /* CDB-6.3.c: the facings it may be given */
            int f[6], k = cdb_pivot_choices(g, u, f, b);
            for (int i = 0; i < k; i++) {
                a = grg_action_make(GRG_A_PIVOT, u);
                a.arg = (int16_t)f[i];
                push_if(g, b, a, out);
            }
            return;
        }
        if (st->stage != CDB_STAGE_COMBAT)
            return; /* attacker and defender belong to a melee being declared */
        if (st->cmb_att < 0 && x->side == g->active)
            push_if(g, b, grg_action_make(GRG_A_ATTACKER, u), out);
        if (st->cmb_att >= 0 && st->cmb_def < 0 && cdb_in_front(g, st->cmb_att, x->hex))
            push_if(g, b, grg_action_make(GRG_A_DEFENDER, u), out);
        return;
    default:
        return;
    }
}

int cdb_legal(const grg_game *g, const int *units, int n, grg_action_list *out)
{
    if (g->over)
        return 0;
    cdb_board view, *b = &view; /* read once, asked by every candidate's check */
    cdb_cmd_memo cmd;           /* command distances, asked by activations and groups */
    const cdb_state *st = cdb_cst(g);
    move_memo memo;
    memset(&memo, 0xff, sizeof memo);
    memo.marked = 0; /* mark_group_neighbours sets it where a group is being declared */
    int free_stage = g->phase == CDB_PH_MOVE && st->stage == CDB_STAGE_FREE;
    cmd.sure = 0;
    if (free_stage && st->pend == CDB_PEND_NONE)
        memo.pays = cdb_corps_may_pay(g, &cmd.sure);
    int moving = g->phase == CDB_PH_MOVE && st->stage == CDB_STAGE_MOVE;
    int ma = moving ? cdb_move_ma(g, &st->mv) : 0;
    memo.spent = (int8_t)(moving && ((st->mv.flags & CDB_MF_STOPPED) || st->mv.mp >= ma));
    /* a view only where some check reads it: no decision or shot reads one, nor the free stage's
     * holds; a spent impulse's turns ask less than bringing the index up to date costs */
    if (st->pend != CDB_PEND_NONE || g->phase == CDB_PH_MISSILE || (free_stage && !memo.pays) ||
        memo.spent)
        b = NULL;
    else
        cdb_board_init(g, b);
    if (b) {
        int kept = cdb_b_indexed(b); /* the index's distances, else the call's own */
        cmd.dist = kept ? b->x.dist : cmd.own_dist;
        cmd.far = kept ? b->x.far : cmd.own_far;
        cmd.known = kept ? b->x.ix->known : cmd.own_known;
        memset(cmd.own_known, 0, sizeof cmd.own_known);
        memset(cmd.engaged, 0xff, sizeof cmd.engaged);
        memset(cmd.single_known, 0, sizeof cmd.single_known);
        memset(cmd.member, 0xff, sizeof cmd.member);
        memset(cmd.partner, 0, sizeof cmd.partner);
        for (int s = 0; s < GRG_MAX_SIDES; s++)
            cmd.cinc[s] = -2;
        cmd.enemy_side = -1;
        cmd.direct_side = -1;
        b->memo = &cmd;
    }
    if (g->phase == CDB_PH_MOVE && st->stage == CDB_STAGE_GROUP && st->pend == CDB_PEND_NONE)
        mark_group_neighbours(g, b, &memo);
    if (n > 0) {
        for (int i = 0; i < n; i++)
            unit_candidates(g, b, &memo, units[i], out);
    } else if (g->phase == CDB_PH_MOVE && st->stage == CDB_STAGE_MOVE &&
               st->pend == CDB_PEND_NONE) { /* only the moving counters have candidates */
        for (int w = 0; w < GRG_MAX_UNITS / 32; w++)
            for (uint32_t bits = st->mv.moving[w]; bits; bits &= bits - 1) {
                int u = w * 32 + __builtin_ctz(bits);
                if (u < g->n_units && cdb_on_map(g, u))
                    unit_candidates(g, b, &memo, u, out);
            }
    } else {
        /* activate, group and hold (the movement phase's other stages) are the active side's */
        int own = g->phase == CDB_PH_MOVE && st->pend == CDB_PEND_NONE;
        for (int u = 0; u < g->n_units; u++)
            if (cdb_on_map(g, u) && (!own || g->units[u].side == g->active))
                unit_candidates(g, b, &memo, u, out);
    }
    static const grg_action_type plain[] = {GRG_A_END_ACTIVATION, GRG_A_GROUP_CLOSE,
                                            GRG_A_COMBAT_BEGIN,   GRG_A_COMBAT_CLOSE,
                                            GRG_A_NO_ADVANCE,     GRG_A_END_PHASE};
    for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++)
        push_if(g, b, grg_action_make(plain[i], -1), out);
    return 0;
}
