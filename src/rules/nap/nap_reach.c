/* nap queries on movement: reach (every hex a unit can end its move in, NAP-P5/P6 with the costs of
 * NAP-P3) and zones of control (NAP-P4). Reach runs the step rules of nap_move.c along a
 * cheapest-first search, so it answers exactly what `step` accepts (house rules aside, see
 * docs/rules-notes/nap.md). */
#include "rules/nap/nap.h"

#include <string.h>

#define OPEN_MAX 4096

typedef struct search {
    int16_t best[GRG_MAP_MAX_DIM * GRG_MAP_MAX_DIM]; /* ticks, -1 unseen */
    int open[OPEN_MAX];
    int n_open;
} search;

static void push(search *s, int idx, int ticks)
{
    if (s->best[idx] >= 0 && s->best[idx] <= ticks)
        return;
    s->best[idx] = (int16_t)ticks;
    if (s->n_open < OPEN_MAX)
        s->open[s->n_open++] = idx;
}

static int pop_min(search *s)
{
    int k = 0;
    for (int i = 1; i < s->n_open; i++)
        if (s->best[s->open[i]] < s->best[s->open[k]])
            k = i;
    int idx = s->open[k];
    s->open[k] = s->open[--s->n_open];
    return idx;
}

int grg__nap_reach(const grg_game *g, const int *units, int n, grg_reach *out, grg_verdict *why)
{
    out->n = 0;
    out->truncated = 0;
    if (n != 1 || units[0] < 0 || units[0] >= g->n_units)
        return grg_refuse(why, "NAP-P6",
                          "Units move one at a time in nap: ask reach for one unit.");
    int u = units[0];
    const grg_unit *x = &g->units[u];
    const nap_state *st = grg__nap_cstate(g);
    const grg_map *m = &g->sc->map;
    int tpm = grg__nap_data(g)->road_hexes_per_mp;
    int open_now = st->act_unit == u;
    int fresh = g->phase == NAP_PH_MOVEMENT && st->act_unit < 0 && x->side == g->active &&
                !(x->flags & NAP_F_ACTIVATED) &&
                (x->status == GRG_UNIT_ON_MAP ||
                 (x->status == GRG_UNIT_WAITING && (x->flags & NAP_F_AVAILABLE)));
    if (!open_now && !fresh) {
        if (x->status != GRG_UNIT_ON_MAP)
            return grg_refuse(why, "NAP-P9", "%s is not on the map and cannot enter now.",
                              g->sc->units[u].id);
        grg_position p = {x->hex, -1, 0, 0, (int16_t)grg__nap_in_enemy_zoc(g, x->hex, x->side)};
        out->items[out->n++] = p;
        return 0;
    }
    search s;
    s.n_open = 0;
    memset(s.best, 0xff, sizeof s.best);
    int spent0 = open_now ? x->v[NAP_V_SPENT] : 0;
    if (x->status == GRG_UNIT_WAITING) {
        const grg_reinf_def *r = grg__nap_reinf(g, u);
        for (int i = 0; r && i < r->n_entry; i++) {
            int road;
            if (grg__nap_step_test(g, u, r->entry[i], 1, 0, r->entry[i], NULL) == 0)
                push(&s, grg_map_index(m, r->entry[i]),
                     grg__nap_step_cost(g, u, r->entry[i], r->entry[i], &road));
        }
    } else {
        push(&s, grg_map_index(m, x->hex), spent0);
    }
    while (s.n_open > 0) {
        int idx = pop_min(&s);
        grg_hex h = grg_map_hex_at(m, idx);
        int ticks = s.best[idx];
        for (int d = 0; d < 6; d++) {
            grg_hex t = grg_hex_neighbour(h, d);
            int ti = grg_map_index(m, t);
            if (ti < 0 || grg__nap_step_test(g, u, h, 0, ticks, t, NULL) < 0)
                continue;
            int road;
            push(&s, ti, ticks + grg__nap_step_cost(g, u, h, t, &road));
        }
    }
    for (int i = 0; i < m->width * m->height; i++) {
        if (s.best[i] < 0)
            continue;
        if (out->n >= GRG_MAX_POSITIONS) {
            out->truncated = 1;
            break;
        }
        grg_hex h = grg_map_hex_at(m, i);
        grg_position p = {h, -1, (int16_t)((s.best[i] + tpm - 1) / tpm), 0,
                          (int16_t)grg__nap_in_enemy_zoc(g, h, x->side)};
        out->items[out->n++] = p;
    }
    return 0;
}

/* NAP-P4: each hex once per side, with the first unit controlling it. */
int grg__nap_zoc(const grg_game *g, grg_zoc *out)
{
    out->n = 0;
    out->truncated = 0;
    for (int u = 0; u < g->n_units; u++) {
        if (!grg__nap_combatant(g, u))
            continue;
        for (int d = 0; d < 6; d++) {
            grg_hex h = grg_hex_neighbour(g->units[u].hex, d);
            if (!grg_map_contains(&g->sc->map, h))
                continue;
            int seen = 0;
            for (int i = 0; i < out->n && !seen; i++)
                seen = out->items[i].side == g->units[u].side && grg_hex_eq(out->items[i].hex, h);
            if (seen)
                continue;
            if (out->n >= GRG_MAX_ZOC) {
                out->truncated = 1;
                return 0;
            }
            grg_zoc_entry e = {h, g->units[u].side, (int16_t)u};
            out->items[out->n++] = e;
        }
    }
    return 0;
}
