/* nap combat results on the units (C.9 to C.11): eliminations, exchanges in selection order,
 * retreats of one or two hexes resolved by the NAP-7.24 default (the path ending farthest from the
 * enemy, ties by the lowest direction indices), disorder of retreating units, and the attacker's
 * optional advance into the vacated hex (two hexes along the retreat path after a D2). */
#include "rules/nap/nap.h"

#include <stdio.h>

void grg__nap_eliminate(grg_game *g, int u, const char *rule, const char *why, grg_events *ev)
{
    grg_unit *x = &g->units[u];
    nap_state *s = grg__nap_state(g);
    x->status = GRG_UNIT_ELIMINATED;
    s->lost[x->side] += x->strength;
    grg_event *e = grg_event_push(ev, GRG_EV_ELIMINATED);
    if (e) {
        e->unit = (int16_t)u;
        e->side = x->side;
        e->from = e->to = x->hex;
        e->value = x->strength;
        snprintf(e->rule, sizeof e->rule, "%s", rule);
        snprintf(e->text, sizeof e->text, "%s is eliminated (%s).", g->sc->units[u].id, why);
    }
}

typedef struct foes {
    int n;
    grg_hex hex[2 * NAP_MAX_SIDE];
} foes;

static int foe_distance(const foes *f, grg_hex h)
{
    int best = 1 << 30;
    for (int i = 0; i < f->n; i++) {
        int d = grg_hex_distance(f->hex[i], h);
        if (d < best)
            best = d;
    }
    return best;
}

/* The longest retreat a result asks (DR2). */
#define NAP_RETREAT_MAX 2

typedef struct path_search {
    const grg_game *g;
    int u, len;
    const foes *f;
    grg_hex cur[NAP_RETREAT_MAX], best[NAP_RETREAT_MAX];
    int best_dist;
} path_search;

/* NAP-7.23, 7.24: may u retreat from `from` into `to` as step `k` of the retreat? */
static int retreat_step_ok(const path_search *ps, grg_hex from, grg_hex to, int k)
{
    const grg_game *g = ps->g;
    int side = g->units[ps->u].side;
    int final = k == ps->len - 1;
    int road;
    if (!grg_map_contains(&g->sc->map, to) || grg__nap_enemy_at(g, to, side) ||
        grg__nap_step_cost(g, ps->u, from, to, &road) < 0)
        return 0;
    if (foe_distance(ps->f, to) <= foe_distance(ps->f, from))
        return 0;
    if ((final || grg__nap_opt(g, NAP_OPT_RETREAT_ZOC) == 0) && grg__nap_in_enemy_zoc(g, to, side))
        return 0;
    int friends = grg__nap_count_at(g, to, side, NULL);
    if (friends > 0 && !final && !grg__nap_opt(g, NAP_OPT_RETREAT_FRIENDS))
        return 0;
    return !final || friends + 1 <= grg__nap_opt(g, NAP_OPT_STACK_LIMIT);
}

static void search_paths(path_search *ps, grg_hex from, int k)
{
    if (k == ps->len || k == NAP_RETREAT_MAX) {
        int d = foe_distance(ps->f, from);
        if (d > ps->best_dist) {
            ps->best_dist = d;
            ps->best[0] = ps->cur[0];
            ps->best[1] = ps->cur[1];
        }
        return;
    }
    for (int dir = 0; dir < 6; dir++) {
        grg_hex to = grg_hex_neighbour(from, dir);
        if (!retreat_step_ok(ps, from, to, k))
            continue;
        ps->cur[k] = to;
        search_paths(ps, to, k + 1);
    }
}

/* Retreats u by len hexes away from the foes, or eliminates it; returns the hexes entered (0 when
 * eliminated) and the path in path[]. */
static int retreat(grg_game *g, int u, int len, const foes *f, const char *rule, grg_hex path[2],
                   grg_events *ev)
{
    grg_unit *x = &g->units[u];
    path_search ps = {g, u, len, f, {x->hex, x->hex}, {x->hex, x->hex}, -1};
    search_paths(&ps, x->hex, 0);
    if (ps.best_dist < 0) {
        char why[96];
        snprintf(
            why, sizeof why,
            "no retreat of %d hex%s away from the enemy, on hexes free of enemy zones of control",
            len, len > 1 ? "es" : "");
        grg__nap_eliminate(g, u, "NAP-7.23", why, ev);
        return 0;
    }
    grg_hex from = x->hex;
    x->hex = ps.best[len - 1];
    path[0] = ps.best[0];
    path[1] = ps.best[len - 1];
    char lf[16], lt[16];
    grg__nap_label(g, from, lf, sizeof lf);
    grg__nap_label(g, x->hex, lt, sizeof lt);
    grg_event *e = grg_event_push(ev, GRG_EV_RETREAT);
    if (e) {
        e->unit = (int16_t)u;
        e->side = x->side;
        e->from = from;
        e->to = x->hex;
        e->value = len;
        snprintf(e->rule, sizeof e->rule, "%s", rule);
        snprintf(e->text, sizeof e->text, "%s retreats %d hex%s from %s to %s.", g->sc->units[u].id,
                 len, len > 1 ? "es" : "", lf, lt);
    }
    grg__nap_disorder(g, u, "NAP-P7", ev);
    return len;
}

/* The foes a retreating side moves away from (NAP-7.24): every unit of the other side that took
 * part in the combat, artillery firing from range included. */
static void foes_of(const grg_game *g, const nap_decl *d, int defenders_retreat, foes *f)
{
    f->n = 0;
    if (!defenders_retreat) {
        for (int k = 0; k < d->n_def; k++)
            f->hex[f->n++] = g->units[d->def[k]].hex;
        return;
    }
    for (int i = 0; i < d->n_att; i++)
        f->hex[f->n++] = g->units[d->att[i]].hex;
}

/* NAP-7.19: defenders out; attackers out in selection order, ranged artillery skipped, until the
 * printed strength eliminated reaches the defenders' printed total. */
static void exchange(grg_game *g, const nap_decl *d, grg_events *ev)
{
    int def_printed = 0, lost = 0;
    for (int k = 0; k < d->n_def; k++) {
        def_printed += g->units[d->def[k]].strength;
        grg__nap_eliminate(g, d->def[k], "NAP-7.19", "exchange", ev);
    }
    for (int i = 0; i < d->n_att && lost < def_printed; i++) {
        if (d->ranged[i])
            continue;
        lost += g->units[d->att[i]].strength;
        grg__nap_eliminate(g, d->att[i], "NAP-7.19", "exchange, in selection order", ev);
    }
}

/* NAP-7.25, 7.26: offer the hex of the first-listed defender that left its hex. */
static void offer_advance(grg_game *g, const nap_decl *d, const grg_hex orig[NAP_MAX_SIDE],
                          const grg_hex first_step[NAP_MAX_SIDE], const int moved[NAP_MAX_SIDE])
{
    nap_after *a = &grg__nap_state(g)->after;
    a->pending = 0;
    a->n = 0;
    a->has2 = 0;
    int k = 0;
    while (k < d->n_def && grg__nap_count_at(g, orig[k], -1, NULL) > 0)
        k++;
    if (k == d->n_def)
        return;
    a->hex1 = orig[k];
    int road;
    if (moved[k] == 2 && grg__nap_count_at(g, first_step[k], -1, NULL) == 0) {
        a->hex2 = first_step[k];
        a->has2 = 1;
    }
    for (int i = 0; i < d->n_att; i++) {
        int u = d->att[i];
        if (d->ranged[i] || !grg__nap_on_map(g, u) || /* NAP-7.27 */
            grg_hex_distance(g->units[u].hex, a->hex1) != 1 ||
            grg__nap_step_cost(g, u, g->units[u].hex, a->hex1, &road) < 0)
            continue;
        a->units[a->n++] = (int16_t)u;
    }
    a->pending = a->n > 0;
}

void grg__nap_apply_result(grg_game *g, nap_result r, grg_events *ev)
{
    nap_state *s = grg__nap_state(g);
    const nap_decl *d = &s->decl;
    grg_hex orig[NAP_MAX_SIDE], first_step[NAP_MAX_SIDE], path[2];
    int moved[NAP_MAX_SIDE] = {0};
    foes f;
    for (int k = 0; k < d->n_def; k++)
        orig[k] = first_step[k] = g->units[d->def[k]].hex;
    switch (r) {
    case NAP_R_AE:
        for (int i = 0; i < d->n_att; i++)
            if (!d->ranged[i]) /* NAP-8.4 */
                grg__nap_eliminate(g, d->att[i], "NAP-7.17", "attacker eliminated", ev);
        break;
    case NAP_R_DE:
        for (int k = 0; k < d->n_def; k++)
            grg__nap_eliminate(g, d->def[k], "NAP-7.18", "defender eliminated", ev);
        break;
    case NAP_R_EX:
        exchange(g, d, ev);
        break;
    case NAP_R_A1:
    case NAP_R_A2:
        foes_of(g, d, 0, &f);
        for (int i = 0; i < d->n_att; i++)
            if (!d->ranged[i]) /* NAP-8.4 */
                retreat(g, d->att[i], r == NAP_R_A1 ? 1 : 2, &f, "NAP-7.20", path, ev);
        break;
    case NAP_R_D1:
    case NAP_R_D2:
        foes_of(g, d, 1, &f);
        for (int k = 0; k < d->n_def; k++) {
            moved[k] = retreat(g, d->def[k], r == NAP_R_D1 ? 1 : 2, &f, "NAP-7.21", path, ev);
            first_step[k] = path[0];
        }
        break;
    default:
        break;
    }
    if (grg__nap_opt(g, NAP_OPT_CHARGE_DISORDERS))
        for (int i = 0; i < d->n_att; i++)
            if (d->charge[i] >= 0 && grg__nap_on_map(g, d->att[i]))
                grg__nap_disorder(g, d->att[i], "NAP-P8", ev);
    if (r == NAP_R_D1 || r == NAP_R_D2 || r == NAP_R_DE || r == NAP_R_EX)
        offer_advance(g, d, orig, first_step, moved);
}

/* NAP-7.26: may u go on from the vacated hex into the next hex of the retreat path (terrain and
 * hexside allowing)? */
static int second_hex_ok(const grg_game *g, int u)
{
    const nap_after *af = &grg__nap_cstate(g)->after;
    int road;
    return grg__nap_step_cost(g, u, af->hex1, af->hex2, &road) >= 0;
}

int grg__nap_advance_check(const grg_game *g, const grg_action *a, grg_verdict *why)
{
    const nap_after *af = &grg__nap_cstate(g)->after;
    if (a->type == GRG_A_NO_ADVANCE)
        return 0;
    if (a->type != GRG_A_ADVANCE)
        return grg_refuse(why, "NAP-7.25",
                          "Advance after combat (advance) or decline it (no_advance) first.");
    int ok = 0;
    for (int i = 0; i < af->n; i++)
        ok |= af->units[i] == a->unit;
    char l1[16];
    grg__nap_label(g, af->hex1, l1, sizeof l1);
    if (!ok)
        return grg_refuse(why, "NAP-7.25",
                          "Only an attacker of this combat next to %s may advance%s.", l1,
                          " (ranged artillery never advances, NAP-7.27)");
    if (grg_hex_eq(a->hex, af->hex1))
        return 0;
    if (af->has2 && grg_hex_eq(a->hex, af->hex2) && second_hex_ok(g, a->unit))
        return 0;
    return grg_refuse(why, "NAP-7.26", "The advance goes into %s%s.", l1,
                      af->has2 ? " or one hex further along the retreat path"
                               : " only (two hexes only after a D2)");
}

void grg__nap_advance_apply(grg_game *g, const grg_action *a, grg_events *ev)
{
    nap_after *af = &grg__nap_state(g)->after;
    af->pending = 0;
    if (a->type == GRG_A_NO_ADVANCE)
        return;
    grg_unit *x = &g->units[a->unit];
    grg_hex from = x->hex;
    x->hex = a->hex;
    char lf[16], lt[16];
    grg__nap_label(g, from, lf, sizeof lf);
    grg__nap_label(g, a->hex, lt, sizeof lt);
    grg_event *e = grg_event_push(ev, GRG_EV_ADVANCE);
    if (e) {
        e->unit = a->unit;
        e->side = x->side;
        e->from = from;
        e->to = a->hex;
        e->value = grg_hex_eq(a->hex, af->hex1) ? 1 : 2;
        snprintf(e->rule, sizeof e->rule, e->value == 2 ? "NAP-7.26" : "NAP-7.25");
        snprintf(e->text, sizeof e->text, "%s advances from %s to %s.", g->sc->units[a->unit].id,
                 lf, lt);
    }
}

void grg__nap_advance_legal(const grg_game *g, grg_action_list *out)
{
    const nap_after *af = &grg__nap_cstate(g)->after;
    for (int i = 0; i < af->n; i++) {
        grg_action a = grg_action_make(GRG_A_ADVANCE, af->units[i]);
        a.hex = af->hex1;
        grg_action_list_push(out, a);
        if (af->has2 && second_hex_ok(g, af->units[i])) {
            a.hex = af->hex2;
            grg_action_list_push(out, a);
        }
    }
    grg_action_list_push(out, grg_action_make(GRG_A_NO_ADVANCE, -1));
}
