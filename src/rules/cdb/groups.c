/* Groups (CDB-5): declared unit by unit at the start of an impulse (group_begin, group_add,
 * group_close), then moved as one. Only additions that leave a group that could be activated are
 * accepted, so a group being declared can always be closed. */
#include "cdb.h"

#include <stdio.h>

/* CDB-5.1.e, 1.2.b and 4.2.d for a complete candidate group. */
static int closable(const grg_game *g, const int *units, int n, grg_verdict *why,
                    const cdb_board *b)
{
    for (int i = 0; i < n; i++) {
        grg_hex h = g->units[units[i]].hex;
        int cs[3], k = cdb_b_stack(g, b, h, cs);
        for (int j = 0; j < k; j++)
            if (cdb_type_of(g, cs[j])->chariot && cdb_terrain_cls(g, h) == CDB_BROKEN &&
                !(grg_map_flags(&g->sc->map, h) & GRG_HEX_ROAD))
                return grg_refuse(
                    why, "CDB-5.1.e",
                    "%s is a chariot in broken terrain off the road and cannot be part of a group",
                    cdb_name(g, cs[j]));
        if (cdb_terrain_cls(g, h) == CDB_DIFFICULT && !cdb_group_is_column(g, units, n))
            return grg_refuse(why, "CDB-1.2.b",
                              "A group with a unit in difficult terrain must be a single column");
    }
    return cdb_command_check(g, units, n, why, b);
}

/* Whether u may join the group being declared (CDB-5.1.a). */
static int may_add(const grg_game *g, const int *group, int n, int u, grg_verdict *why,
                   const cdb_board *b)
{
    if (cdb_unit_may_activate(g, u, 1, why, b) < 0)
        return -1;
    const grg_unit *x = &g->units[u], *first = &g->units[group[0]];
    int adjacent = 0;
    for (int i = 0; i < n; i++) {
        if (group[i] == u)
            return grg_refuse(why, "CDB-5.1.a", "%s is already in the group", cdb_name(g, u));
        adjacent |= cdb_dist(g->units[group[i]].hex, x->hex) == 1;
    }
    if (n >= CDB_MAX_PIECES)
        return grg_refuse(why, "CDB-5.1.a", "A group has at most %d units", CDB_MAX_PIECES);
    if (x->corps != first->corps)
        return grg_refuse(why, "CDB-5.1.a", "%s is not of the group's corps", cdb_name(g, u));
    if (x->facing != first->facing)
        return grg_refuse(why, "CDB-5.1.a", "%s does not face the same way as the group",
                          cdb_name(g, u));
    if (!adjacent)
        return grg_refuse(why, "CDB-5.1.a", "%s is not adjacent to a unit of the group",
                          cdb_name(g, u));
    if (x->v[CDB_V_IMPULSES] != first->v[CDB_V_IMPULSES])
        return grg_refuse(why, "CDB-9.3.a", "%s has not made as many impulses as the group",
                          cdb_name(g, u));
    int cand[CDB_MAX_PIECES];
    for (int i = 0; i < n; i++)
        cand[i] = group[i];
    cand[n] = u;
    return closable(g, cand, n + 1, why, b);
}

/* i, a friend next to u, could join a group begun by u: may_add's cheap conditions first
 * (CDB-5.1.a, 9.3.a, 8.1.a: same corps, facing and impulses, a stack's top), then may_add. */
static int joins(const grg_game *g, int u, int i, const cdb_board *b)
{
    const grg_unit *x = &g->units[u], *y = &g->units[i];
    return y->corps == x->corps && y->facing == x->facing && y->stack == 0 &&
           y->v[CDB_V_IMPULSES] == x->v[CDB_V_IMPULSES] && may_add(g, &u, 1, i, NULL, b) == 0;
}

static int friend_next_to(const grg_game *g, int u, int i)
{
    const grg_unit *y = &g->units[i];
    return i != u && cdb_on_map(g, i) && y->side == g->active &&
           cdb_dist(y->hex, g->units[u].hex) == 1;
}

/* i joins a group begun by u; legal's memo notes when u also joins one begun by i, so that i's
 * group_begin needs no search. The two verdicts differ only in the order of the command check's
 * members (CDB-4.2.b: the first of two equally near members counts, and they may differ in sight
 * of their general): may_activate, the conditions of may_add and closable's other tests are the
 * same either way round. */
static void note_partner(const grg_game *g, int u, int i, const cdb_board *b)
{
    int pair[2] = {i, u};
    if (b->memo && cdb_command_check(g, pair, 2, NULL, b) == 0)
        b->memo->partner[i] = 1;
}

/* Some unit could join a group started by u, so a group_begin never leads nowhere; otherwise why
 * the first adjacent friend could not. Without `why` (legal, with its index) any order of the
 * candidates gives the verdict, so the index's counters in the six hexes around u are taken as
 * they come, each hex's in unit order: counters on the map next to u, friends when of the active
 * side (joins takes stack tops only). */
static int has_partner(const grg_game *g, int u, grg_verdict *why, const cdb_board *b)
{
    const grg_unit *x = &g->units[u];
    if (cdb_b_indexed(b) && !why) {
        if (b->memo && b->memo->partner[u])
            return 0;
        int cell[6];
        cdb_nb_cells(&g->sc->map, x->hex, cell);
        for (int d = 0; d < 6; d++)
            for (int i = cdb_b_first_in(b, cell[d]); i != CDB_NO_UNIT; i = cdb_b_next(b, i))
                if (g->units[i].side == g->active && joins(g, u, i, b)) {
                    note_partner(g, u, i, b);
                    return 0;
                }
        return -1;
    }
    int first = -1;
    for (int i = 0; i < g->n_units; i++) {
        if (!friend_next_to(g, u, i))
            continue;
        if (first < 0)
            first = i;
        if (joins(g, u, i, b))
            return 0;
    }
    if (first >= 0 && why) /* only the message: may_add refused first above, or on a cheap test */
        return may_add(g, &u, 1, first, why, b);
    if (first >= 0)
        return -1;
    return grg_refuse(why, "CDB-5.1.a", "No unit could form a group with %s", cdb_name(g, u));
}

/* A whole group given at once (the reach query): its units in any order, each joining one already
 * taken, under the same conditions as group_add. */
int cdb_group_valid(const grg_game *g, const int *units, int n, grg_verdict *why)
{
    int order[CDB_MAX_PIECES], taken = 1, used = 1;
    if (n < 2 || n > CDB_MAX_PIECES)
        return grg_refuse(why, "CDB-5.1.a", "A group has 2 to %d units", CDB_MAX_PIECES);
    if (cdb_unit_may_activate(g, units[0], 1, why, NULL) < 0)
        return -1;
    order[0] = units[0];
    while (taken < n) {
        int progress = 0;
        for (int i = 1; i < n; i++)
            if (!(used & (1 << i)) && may_add(g, order, taken, units[i], NULL, NULL) == 0) {
                order[taken++] = units[i];
                used |= 1 << i;
                progress = 1;
            }
        if (!progress) {
            for (int i = 1; i < n; i++)
                if (!(used & (1 << i)))
                    return may_add(g, order, taken, units[i], why, NULL);
        }
    }
    return 0;
}

int cdb_check_group(const grg_game *g, const grg_action *a, grg_verdict *why, const cdb_board *b)
{
    const cdb_state *st = cdb_cst(g);
    if (g->phase != CDB_PH_MOVE)
        return grg_refuse(why, "CDB-5.1.c", "Groups are declared in the movement phase");
    switch (a->type) {
    case GRG_A_GROUP_BEGIN:
        if (st->stage != CDB_STAGE_FREE)
            return grg_refuse(why, "CDB-9.1.b", "Finish the current impulse or group first");
        if (cdb_unit_may_activate(g, a->unit, 1, why, b) < 0)
            return -1;
        return has_partner(g, a->unit, why, b);
    case GRG_A_GROUP_ADD: {
        if (st->stage != CDB_STAGE_GROUP)
            return grg_refuse(why, "CDB-5.1.c", "No group is being declared");
        int group[CDB_MAX_PIECES];
        for (int i = 0; i < st->group_n; i++)
            group[i] = st->group[i];
        return may_add(g, group, st->group_n, a->unit, why, b);
    }
    default:
        if (st->stage != CDB_STAGE_GROUP)
            return grg_refuse(why, "CDB-5.1.c", "No group is being declared");
        if (st->group_n < 2)
            return grg_refuse(why, "CDB-5.1.a", "A group has at least two units");
        return 0;
    }
}

void cdb_apply_group(grg_game *g, const grg_action *a, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    switch (a->type) {
    case GRG_A_GROUP_BEGIN:
        st->stage = CDB_STAGE_GROUP;
        st->group_n = 1;
        st->group[0] = (int16_t)a->unit;
        break;
    case GRG_A_GROUP_ADD:
        st->group[st->group_n++] = (int16_t)a->unit;
        break;
    default: {
        int units[CDB_MAX_PIECES];
        for (int i = 0; i < st->group_n; i++)
            units[i] = st->group[i];
        int n = st->group_n;
        grg_command c; /* every addition left a group whose corps pays (may_add) */
        cdb_board view;
        cdb_board_init(g, &view);
        cdb_command_judge(g, units, n, ev != NULL, &c, NULL, &view);
        st->group_n = 0;
        cdb_start_impulse(g, units, n, CDB_DETACH_NONE, &c, ev, &view);
        break;
    }
    }
}
