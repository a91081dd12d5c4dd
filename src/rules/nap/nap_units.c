/* nap: units, terrain and zones of control (NAP-P1 to P4), the small facts every other file asks.
 */
#include "rules/nap/nap.h"

#include <stdio.h>

const char *const grg__nap_result_names[NAP_R_COUNT] = {"-",  "AE", "A2", "A1",
                                                        "D1", "D2", "DE", "E"};

const grg_nap_data *grg__nap_data(const grg_game *g)
{
    return (const grg_nap_data *)g->sc->data->ext;
}

int grg__nap_opt(const grg_game *g, int opt) { return g->opt[opt]; }

/* NAP-P1: the arm is cached in v[] at setup (from the unit, else its type). */
int grg__nap_arm(const grg_game *g, int u) { return g->units[u].v[NAP_V_ARM]; }

int grg__nap_on_map(const grg_game *g, int u) { return g->units[u].status == GRG_UNIT_ON_MAP; }

/* NAP-P1: a combatant is on the map with strength >= 1; only combatants exert a zone of control. */
int grg__nap_combatant(const grg_game *g, int u)
{
    return grg__nap_on_map(g, u) && g->units[u].strength >= 1;
}

const char *grg__nap_arm_name(int arm)
{
    static const char *const names[NAP_ARMS] = {"INF", "CAV", "ART"};
    return arm >= 0 && arm < NAP_ARMS ? names[arm] : "?";
}

int grg__nap_count_at(const grg_game *g, grg_hex h, int side, int *first)
{
    int n = 0;
    if (first)
        *first = -1;
    for (int u = 0; u < g->n_units; u++) {
        const grg_unit *x = &g->units[u];
        if (x->status != GRG_UNIT_ON_MAP || !grg_hex_eq(x->hex, h))
            continue;
        if (side >= 0 && x->side != side)
            continue;
        if (first && *first < 0)
            *first = u;
        n++;
    }
    return n;
}

/* Any unit of a side other than `side` at h. */
int grg__nap_enemy_at(const grg_game *g, grg_hex h, int side)
{
    for (int u = 0; u < g->n_units; u++) {
        const grg_unit *x = &g->units[u];
        if (x->status == GRG_UNIT_ON_MAP && x->side != side && grg_hex_eq(x->hex, h))
            return 1;
    }
    return 0;
}

/* NAP-P4: every combat unit controls its six neighbours, river hexsides included. */
int grg__nap_in_enemy_zoc(const grg_game *g, grg_hex h, int side)
{
    for (int u = 0; u < g->n_units; u++) {
        const grg_unit *x = &g->units[u];
        if (x->side == side || !grg__nap_combatant(g, u))
            continue;
        if (grg_hex_distance(x->hex, h) == 1)
            return 1;
    }
    return 0;
}

const nap_terrain *grg__nap_terrain(const grg_game *g, grg_hex h)
{
    int t = grg_map_terrain(&g->sc->map, h);
    return t < 0 ? NULL : &grg__nap_data(g)->terrain[t];
}

unsigned grg__nap_side(const grg_game *g, grg_hex h, int dir)
{
    return grg_map_side(&g->sc->map, h, dir);
}

/* NAP-P3: crossing a crest hexside from `from` in direction dir climbs when the hex entered is its
 * high side. The high side is the canonical hex unless GRG_SIDE_CREST_HIGH_B says its neighbour. */
int grg__nap_uphill(const grg_game *g, grg_hex from, int dir)
{
    unsigned f = grg__nap_side(g, from, dir);
    if (!(f & GRG_SIDE_CREST))
        return 0;
    grg_hexside s = grg_hexside_canonical(from, dir);
    grg_hex high = (f & GRG_SIDE_CREST_HIGH_B) ? grg_hex_neighbour(s.hex, s.dir) : s.hex;
    return grg_hex_eq(high, grg_hex_neighbour(from, dir));
}

void grg__nap_label(const grg_game *g, grg_hex h, char *buf, size_t size)
{
    if (grg_map_label(&g->sc->map, h, buf, size) < 0)
        snprintf(buf, size, "?");
}

/* NAP-P8: disordered, stamped with the player-turn so recovery waits for the owner's next one. */
void grg__nap_disorder(grg_game *g, int u, const char *rule, grg_events *ev)
{
    grg_unit *x = &g->units[u];
    x->v[NAP_V_DISORDER] = (int16_t)grg__nap_cstate(g)->pturn;
    if (x->flags & NAP_F_DISORDERED)
        return;
    x->flags |= NAP_F_DISORDERED;
    grg_event *e = grg_event_push(ev, GRG_EV_DISORDER);
    if (e) {
        e->unit = (int16_t)u;
        e->value = 1;
        e->from = e->to = x->hex;
        snprintf(e->rule, sizeof e->rule, "%s", rule);
        snprintf(e->text, sizeof e->text, "%s is disordered.", g->sc->units[u].id);
    }
}
