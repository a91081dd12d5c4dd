/* Combat totals shared by melee, missile fire and the preview (CDB-11.2.b, 10.4): tactical values,
 * ranks, tactical modifiers, supports, flank positions and the quality adjustment. */
#include "cdb.h"

static void cdb_add_term(cdb_total *t, const char *rule, const char *label, int value)
{
    t->value += value;
    if (t->n_terms < GRG_MAX_TERMS)
        grg_term_set(&t->terms[t->n_terms++], rule, label, value);
}

static int dir_class(const grg_game *g, int u, grg_hex to)
{
    int d = grg_hex_direction_to(g->units[u].hex, to);
    return d < 0 || g->units[u].facing < 0 ? -1 : (int)grg_facing_class(g->units[u].facing, d);
}

static int is_flank(int cls) { return cls == GRG_FLANK_LEFT || cls == GRG_FLANK_RIGHT; }

/* CDB-11.4.a: an enemy adjacent across o's flank or rear, with o in its front, itself in no enemy
 * ZOC, holds a Flank Position on o. Returns that unit or -1. */
int cdb_flank_position(const grg_game *g, int o)
{
    if (!cdb_on_map(g, o) || g->units[o].facing < 0)
        return -1;
    for (int k = 0; k < 6; k++) {
        int u = grg_unit_at(g, grg_hex_neighbour(g->units[o].hex, k));
        if (u < 0 || !cdb_enemies(g, u, o) || g->units[u].facing < 0)
            continue;
        if (grg_facing_class(g->units[o].facing, k) != GRG_FRONTAL &&
            cdb_in_front(g, u, g->units[o].hex) && !cdb_in_enemy_zoc(g, u))
            return u;
    }
    return -1;
}

/* CDB-11.3.a: does u support its side's combatant c against the opposing combatant o? */
static int supports(const grg_game *g, int u, int c, int o)
{
    if (u == c || u == o || !cdb_is_top(g, u) || cdb_enemies(g, u, c) || g->units[u].facing < 0)
        return 0;
    if (cdb_type_of(g, u)->elephant && cdb_type_of(g, c)->cls == CDB_MOUNTED)
        return 0;
    grg_hex oh = g->units[o].hex;
    if (grg_hex_distance(g->units[u].hex, oh) != 1)
        return 0;
    if (is_flank(dir_class(g, u, oh)) && is_flank(dir_class(g, o, g->units[u].hex)))
        return 1; /* (i) automatic flank support */
    if (!cdb_in_front(g, u, oh))
        return 0;
    for (int k = 0; k < 2; k++) { /* (ii) the other frontal hex holds no enemy in contact */
        int e = grg_unit_at(g, grg_hex_neighbour(g->units[u].hex, g->units[u].facing + k));
        if (e >= 0 && e != o && cdb_frontal_contact(g, u, e))
            return 0;
    }
    return 1;
}

/* The units that support c against o; returns their count and lists them in out (may be NULL). */
int cdb_supporters(const grg_game *g, int c, int o, int *out)
{
    int n = 0;
    for (int u = 0; u < g->n_units; u++)
        if (cdb_on_map(g, u) && supports(g, u, c, o)) {
            if (out)
                out[n] = u;
            n++;
        }
    return n;
}

static int tv_against(const grg_game *g, int x, int y)
{
    const cdb_type *t = cdb_type_of(g, x);
    return cdb_type_of(g, y)->cls == CDB_MOUNTED ? t->tv_mounted : t->tv_foot;
}

/* CDB-P6: the rank bonus of x's stack against y. */
static void rank_terms(const grg_game *g, int x, int y, cdb_total *t)
{
    int mounted = cdb_type_of(g, y)->cls == CDB_MOUNTED;
    int cls = cdb_terrain_cls(g, g->units[x].hex);
    for (int k = 1; k <= 2; k++) {
        const cdb_rank *r = cdb_rank_bonus(g, x, k);
        int bonus = r ? (mounted ? r->bonus_mounted : r->bonus_foot) : 0;
        if (!bonus)
            continue;
        if (!cdb_in_front(g, x, g->units[y].hex) || (r->lost_in && cls >= r->lost_in) ||
            cdb_flank_position(g, x) >= 0)
            continue;
        cdb_add_term(t, "CDB-P6", k == 1 ? "rank of support" : "psiloi rank", bonus);
    }
}

/* CDB-11.2.b: x's total against y without the die; defending says who was attacked. */
static void melee_total(const grg_game *g, int x, int y, int defending, cdb_total *t)
{
    const cdb_data *d = cdb_data_of(g);
    const cdb_type *ty = cdb_type_of(g, x);
    t->value = 0;
    t->n_terms = 0;
    cdb_add_term(t, "CDB-P2",
                 cdb_type_of(g, y)->cls == CDB_MOUNTED ? "tactical value vs mounted"
                                                       : "tactical value vs foot",
                 tv_against(g, x, y));
    rank_terms(g, x, y, t);
    if (cdb_is_general(g, x))
        cdb_add_term(t, "CDB-P9", "general", d->mod_general);
    if (grg_map_elevation(&g->sc->map, g->units[x].hex) >
        grg_map_elevation(&g->sc->map, g->units[y].hex))
        cdb_add_term(t, "CDB-P9", "uphill", d->mod_uphill);
    if (defending) {
        int dir = grg_hex_direction_to(g->units[x].hex, g->units[y].hex);
        int wall = dir >= 0 ? cdb_side_defence(g, g->units[x].hex, dir) : 0;
        if (wall > 0)
            cdb_add_term(t, "CDB-P9", "defending a wall", wall);
        else if (cdb_terrain_at(g, g->units[x].hex)->fort)
            cdb_add_term(t, "CDB-P9", "defending a fortification", d->mod_fort);
    }
    int cls = cdb_terrain_cls(g, g->units[x].hex);
    if (cls == CDB_BROKEN && ty->melee_broken)
        cdb_add_term(t, "CDB-P4", "broken terrain", ty->melee_broken);
    if (cls == CDB_DIFFICULT && ty->melee_difficult)
        cdb_add_term(t, "CDB-P4", "difficult terrain", ty->melee_difficult);
    int s = cdb_supporters(g, y, x, NULL);
    if (s > d->support_cap)
        s = d->support_cap;
    if (s > 0)
        cdb_add_term(t, "CDB-11.3.b", "enemy supports", -s);
}

void cdb_melee_totals(const grg_game *g, int att, int def, cdb_total *ta, cdb_total *td)
{
    melee_total(g, att, def, 0, ta);
    melee_total(g, def, att, 1, td);
}

/* CDB-10.3.a: u could shoot t (every condition but the nearest-target rule). */
int cdb_could_shoot(const grg_game *g, int u, int t)
{
    const cdb_state *st = cdb_cst(g);
    const grg_unit *x = &g->units[u];
    if (!cdb_is_top(g, u) || !cdb_is_top(g, t) || !cdb_enemies(g, u, t) || cdb_range(g, u) <= 0 ||
        x->facing < 0)
        return 0;
    if ((x->flags & (CDB_UF_SHOT | CDB_UF_MOVED)) || (st->cflags[x->corps] & CDB_CF_UNRELIABLE) ||
        cdb_in_enemy_zoc(g, u) || cdb_enemy_in_zoc(g, u))
        return 0;
    if (grg_hex_distance(x->hex, g->units[t].hex) > cdb_range(g, u) ||
        !grg_in_frontal_arc(x->hex, x->facing, g->units[t].hex))
        return 0;
    if (cdb_shot_engaged(g, u, t, NULL, NULL))
        return 0;
    return cdb_shot_clear(g, x->hex, g->units[t].hex);
}

/* CDB-10.1.c: t may not be shot at by u's side when it is in frontal contact with a unit of that
 * side (*f = that unit, *e = -1), or when it supports a combat: a unit f of u's side is in frontal
 * contact with t's friend e, and t would support e against f (CDB-11.3.a). Returns 1 if so. */
int cdb_shot_engaged(const grg_game *g, int u, int t, int *f_out, int *e_out)
{
    grg_hex th = g->units[t].hex;
    for (int k = 0; k < 6; k++) {
        int cs[3], n = cdb_stack(g, grg_hex_neighbour(th, k), cs);
        if (n == 0 || cdb_enemies(g, cs[0], u))
            continue;
        int f = cs[0];
        if (cdb_frontal_contact(g, f, t)) {
            if (f_out)
                *f_out = f, *e_out = -1;
            return 1;
        }
        for (int j = 0; j < 6; j++) {
            int e = grg_unit_at(g, grg_hex_neighbour(g->units[f].hex, j));
            if (e >= 0 && e != t && cdb_frontal_contact(g, f, e) && supports(g, t, e, f)) {
                if (f_out)
                    *f_out = f, *e_out = e;
                return 1;
            }
        }
    }
    return 0;
}

/* CDB-10.1.d: t is among u's nearest possible targets; *others says whether u has another. */
int cdb_nearest_target(const grg_game *g, int u, int t, int *others)
{
    int best = 1 << 14, dt = grg_hex_distance(g->units[u].hex, g->units[t].hex);
    *others = 0;
    for (int e = 0; e < g->n_units; e++) {
        if (!cdb_on_map(g, e) || g->units[e].side == g->units[u].side ||
            !cdb_could_shoot(g, u, e) || (g->units[e].flags & CDB_UF_SHOT_AT))
            continue;
        int dist = grg_hex_distance(g->units[u].hex, g->units[e].hex);
        if (dist < best)
            best = dist;
        if (e != t)
            *others = 1;
    }
    return dt <= best;
}

/* CDB-10.4.b, P8, 10.3.c: shooter and target totals without dice; returns the supports given. */
int cdb_missile_totals(const grg_game *g, int s, int t, cdb_total *ts, cdb_total *tt)
{
    const cdb_data *d = cdb_data_of(g);
    ts->value = tt->value = 0;
    ts->n_terms = tt->n_terms = 0;
    cdb_add_term(ts, "CDB-10.4.b",
                 cdb_type_of(g, t)->cls == CDB_MOUNTED ? "tactical value vs mounted"
                                                       : "tactical value vs foot",
                 tv_against(g, s, t));
    const cdb_type *tty = cdb_type_of(g, t);
    cdb_add_term(tt, "CDB-10.4.b",
                 tty->knight ? "knights' mounted value" : "tactical value vs foot",
                 tty->knight ? tty->tv_mounted : tty->tv_foot);
    if (cdb_terrain_at(g, g->units[t].hex)->cover)
        cdb_add_term(tt, "CDB-P8", "target in cover", d->mod_cover);
    int n = 0;
    const cdb_rank *r = cdb_rank_bonus(g, s, 1);
    if (r && r->missile)
        n++; /* CDB-10.3.b */
    int dummy;
    for (int v = 0; v < g->n_units; v++)
        if (v != s && !cdb_enemies(g, v, s) && cdb_on_map(g, v) &&
            grg_hex_distance(g->units[v].hex, g->units[s].hex) == 1 && cdb_could_shoot(g, v, t) &&
            cdb_nearest_target(g, v, t, &dummy) && !dummy)
            n++;
    if (n > d->missile_cap)
        n = d->missile_cap;
    if (n > 0)
        cdb_add_term(tt, "CDB-10.3.c", "shooting supports", -n);
    return n;
}

/* CDB-P3: quality adjustments, both at once, after the totals are known. */
void cdb_quality_adjust(const grg_game *g, int a, int b, int *ta, int *tb, int melee, grg_event *ea,
                        grg_event *eb)
{
    const cdb_data *d = cdb_data_of(g);
    int units[2] = {a, b}, tot[2] = {*ta, *tb}, adj[2] = {0, 0};
    for (int i = 0; i < 2; i++) {
        int q = cdb_quality(g, units[i]), mine = tot[i], theirs = tot[1 - i];
        if (q == 'S' && mine <= theirs)
            adj[i] = d->mod_superior;
        else if (q == 'I' && mine >= theirs)
            adj[i] = d->mod_inferior;
        else if (q == 'F' && melee && mine <= theirs && cdb_type_of(g, units[i])->cls == CDB_FOOT &&
                 cdb_type_of(g, units[1 - i])->cls == CDB_MOUNTED)
            adj[i] = d->mod_fast;
    }
    grg_event *ev[2] = {ea, eb};
    const char *label[3] = {"superior quality", "inferior quality", "fast foot against mounted"};
    for (int i = 0; i < 2; i++)
        if (adj[i] && ev[i]) {
            int q = cdb_quality(g, units[i]);
            grg_event_term(ev[i], "CDB-P3", label[q == 'S' ? 0 : q == 'I' ? 1 : 2], adj[i]);
        }
    *ta += adj[0];
    *tb += adj[1];
}
