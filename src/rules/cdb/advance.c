/* Moves the rules make on their own at the end of a movement phase: spontaneous advances of
 * impetuous units left uncontrolled (CDB-9.5, 8.2.e) and the flight of demoralised units
 * (CDB-P13, through cdb_flee). Where the spec leaves a choice to the owner, the lowest unit index
 * or direction is taken [P] (docs/rules-notes/cdb.md). */
#include "cdb.h"

#include <stdio.h>

/* CDB-9.5.e: the facing whose vertex bearing is closest to the target's bearing. */
int cdb_face_towards(grg_hex h, int facing, grg_hex target)
{
    int dq = target.q - h.q, dr = target.r - h.r, ds = -dq - dr;
    int score[6] = {dq, -dr, ds, -dq, dr, -ds};
    int best = 0;
    for (int f = 1; f < 6; f++)
        if (score[f] > score[best])
            best = f;
    int other = -1; /* a tie is always between neighbours */
    if (score[(best + 1) % 6] == score[best])
        other = (best + 1) % 6;
    else if (score[(best + 5) % 6] == score[best])
        other = (best + 5) % 6;
    if (other < 0)
        return best;
    if (facing < 0) /* the clockwise member of the pair */
        return (best + 1) % 6 == other ? best : other;
    int sb = grg_turn_steps(facing, best), so = grg_turn_steps(facing, other);
    return (sb < 0 ? -sb : sb) <= (so < 0 ? -so : so) ? best : other;
}

void cdb_turn_unit(grg_game *g, int u, int facing, const char *rule, const char *why,
                   grg_events *ev)
{
    int cs[3], n = cdb_stack(g, g->units[u].hex, cs);
    if (g->units[u].facing < 0 || g->units[u].facing == facing)
        return;
    for (int j = 0; j < n; j++)
        g->units[cs[j]].facing = (int16_t)facing;
    grg_event *e = grg_event_push(ev, GRG_EV_TURNED);
    if (e) {
        e->unit = (int16_t)u;
        e->side = g->units[u].side;
        e->facing = (int16_t)facing;
        e->from = e->to = g->units[u].hex;
        snprintf(e->rule, sizeof e->rule, "%s", rule);
        snprintf(e->text, sizeof e->text, "%s turns to face vertex %d: %s", cdb_name(g, u), facing,
                 why);
    }
}

/* Moves u's whole stack to `to`, keeping its order. */
void cdb_place(grg_game *g, int u, grg_hex to)
{
    int cs[3], n = cdb_stack(g, g->units[u].hex, cs);
    for (int j = 0; j < n; j++)
        g->units[cs[j]].hex = to;
}

static int ignorable(const grg_game *g, int u, int e)
{
    const cdb_type *t = cdb_type_of(g, u), *et = cdb_type_of(g, e);
    const cdb_terrain *ter = cdb_terrain_at(g, g->units[e].hex);
    if (t->cls == CDB_MOUNTED && (ter->cls == CDB_BROKEN || ter->fort))
        return 1; /* CDB-9.5.d */
    return et->skirmisher &&
           !grg_in_frontal_arc(g->units[u].hex, g->units[u].facing, g->units[e].hex);
}

static int terrain_pass(const grg_game *g, grg_hex h, const void *ctx)
{
    int u = *(const int *)ctx, cls = cdb_terrain_cls(g, h);
    return cls != CDB_IMPASSABLE && !(cls == CDB_DIFFICULT && cdb_type_of(g, u)->chariot);
}

/* CDB-9.5.c: the target of u's spontaneous advance, or -1. */
static int cdb_advance_target(const grg_game *g, int u)
{
    const cdb_data *d = cdb_data_of(g);
    grg_hex h = g->units[u].hex;
    int best = -1, best_d = 0;
    for (int pass = 1; pass <= 3 && best < 0; pass++) {
        cdb_field f;
        if (pass == 3)
            cdb_field_build(g, &f, h, CDB_FIELD_R, terrain_pass, &u, NULL, 0);
        for (int e = 0; e < g->n_units; e++) {
            if (!cdb_is_top(g, e) || !cdb_enemies(g, u, e) || ignorable(g, u, e))
                continue;
            int dist = grg_hex_distance(h, g->units[e].hex);
            if (pass == 1 && dist > d->advance_near)
                continue;
            if (pass == 2 && (!cdb_type_of(g, e)->baggage || !cdb_sees(g, h, g->units[e].hex)))
                continue;
            if (pass == 3) {
                dist = 1 << 14;
                for (int k = 0; k < 6; k++) {
                    int fd = cdb_field_get(&f, grg_hex_neighbour(g->units[e].hex, k));
                    if (fd >= 0 && fd + 1 < dist)
                        dist = fd + 1;
                }
                if (dist == 1 << 14)
                    continue;
            }
            if (best < 0 || dist < best_d)
                best = e, best_d = dist;
        }
    }
    return best;
}

/* CDB-9.5.b: the cases that need no check. */
static int needs_check(const grg_game *g, int u)
{
    const grg_unit *x = &g->units[u];
    int cf = cdb_cst(g)->cflags[x->corps];
    return cdb_is_top(g, u) && x->side == g->active && cdb_is_impetuous(g, u) &&
           !(x->flags & (CDB_UF_CONTROLLED | CDB_UF_MOVED | CDB_UF_SPONT | CDB_UF_SUPPORTED)) &&
           !cdb_enemy_in_zoc(g, u) && !cdb_in_enemy_zoc(g, u) &&
           !(cf & (CDB_CF_UNRELIABLE | CDB_CF_DEMORALISED)) && !cdb_corps_frozen(g, x->corps);
}

static void advance_unit(grg_game *g, int u, grg_events *ev);

/* CDB-8.2.e: what happens to the friends a spontaneous advance passes through. */
static void passed_through(grg_game *g, int mover, grg_hex h, int target, grg_events *ev)
{
    int o = grg_unit_at(g, h);
    if (o < 0 || o == mover)
        return;
    if (cdb_type_of(g, mover)->knight && cdb_type_of(g, o)->cls == CDB_FOOT)
        cdb_flee(g, o, target, "CDB-8.2.e", ev);
    else if (cdb_is_impetuous(g, o) && !(g->units[o].flags & CDB_UF_SPONT))
        advance_unit(g, o, ev);
    else
        cdb_recoil_passed(g, o, mover, ev);
}

/* CDB-9.5.e/f: face the target, then step into the frontal hex nearest to it until stopped. */
static void advance_unit(grg_game *g, int u, grg_events *ev)
{
    int target = cdb_advance_target(g, u);
    g->units[u].flags |= CDB_UF_SPONT;
    if (target < 0)
        return;
    grg_hex th = g->units[target].hex;
    cdb_move mv;
    cdb_move_init(g, &mv, &u, 1, CDB_DETACH_NONE, NULL);
    mv.flags |= CDB_MF_SPONT;
    int want = cdb_face_towards(mv.at[0], mv.facing, th);
    while (mv.facing != want) {
        cdb_move next;
        int steps = grg_turn_steps(mv.facing, want);
        if (cdb_move_turn(g, &mv, steps > 0 ? 1 : -1, &next, NULL, NULL) < 0)
            return;
        cdb_move_commit(g, &mv, &next, 1, ev);
        mv = next;
    }
    cdb_field f;
    cdb_field_build(g, &f, th, CDB_FIELD_R, terrain_pass, &u, NULL, 0);
    while (!cdb_enemy_in_zoc(g, u)) {
        int cur = cdb_field_get(&f, mv.at[0]), best_d = cur < 0 ? 1 << 14 : cur, best_dist = 0;
        cdb_move best;
        for (int k = 0; k < 2; k++)
            for (int dist = 1; dist <= 2; dist++) {
                cdb_move next;
                if (cdb_move_step(g, &mv, (mv.facing + k) % 6, dist, &next, NULL, NULL) < 0)
                    continue;
                int fd = cdb_field_get(&f, next.at[0]);
                if (fd >= 0 && fd < best_d)
                    best_d = fd, best = next, best_dist = dist;
                break; /* pass through only when the plain step is refused */
            }
        if (!best_dist)
            return;
        cdb_move_commit(g, &mv, &best, best_dist, ev);
        for (int d = 0; best_dist == 2 && d < 6; d++)
            if (grg_hex_eq(grg_hex_neighbour(grg_hex_neighbour(mv.at[0], d), d), best.at[0]))
                passed_through(g, u, grg_hex_neighbour(mv.at[0], d), target, ev);
        mv = best;
        if (mv.flags & CDB_MF_STOPPED)
            return;
    }
}

static void cdb_spontaneous_advances(grg_game *g, grg_events *ev)
{
    for (int u = 0; u < g->n_units; u++)
        if (needs_check(g, u))
            advance_unit(g, u, ev);
}

/* End of the movement phase (B.3 step 2): spontaneous advances, then the flight of demoralised
 * units not held (CDB-P13), then losses are counted. */
void cdb_end_movement(grg_game *g, grg_events *ev)
{
    cdb_spontaneous_advances(g, ev);
    const cdb_state *st = cdb_cst(g);
    for (int u = 0; u < g->n_units; u++) {
        const grg_unit *x = &g->units[u];
        if (!cdb_is_top(g, u) || x->side != g->active ||
            !(st->cflags[x->corps] & CDB_CF_DEMORALISED) || (x->flags & CDB_UF_HELD) ||
            cdb_in_enemy_zoc(g, u))
            continue;
        int near = -1;
        for (int e = 0; e < g->n_units; e++)
            if (cdb_on_map(g, e) && cdb_enemies(g, u, e) &&
                (near < 0 || grg_hex_distance(x->hex, g->units[e].hex) <
                                 grg_hex_distance(x->hex, g->units[near].hex)))
                near = e;
        if (near >= 0)
            cdb_flee(g, u, near, "CDB-P13", ev);
    }
    cdb_morale_check(g, ev);
}
