/* nap compulsory combat (NAP-7.2 to 7.6): the bipartite graph of active units in an enemy zone of
 * control and the enemy units exerting it, and its connected components (each one combat under the
 * default grouping). Units that have attacked, units already attacked this phase, and units a house
 * rule forbids to attack (spec D.4) are left out before the components are computed. */
#include "rules/nap/nap.h"

int grg__nap_root(const nap_graph *gr, int u)
{
    while (gr->parent[u] != u)
        u = gr->parent[u];
    return u;
}

static void join(nap_graph *gr, int a, int b)
{
    int ra = grg__nap_root(gr, a), rb = grg__nap_root(gr, b);
    if (ra != rb)
        gr->parent[ra > rb ? ra : rb] = (int16_t)(ra < rb ? ra : rb);
}

int grg__nap_adjacent(const grg_game *g, int a, int b)
{
    return grg_hex_distance(g->units[a].hex, g->units[b].hex) == 1;
}

/* D.4: a house rule in block or force mode that forbids u to attack removes it from the graph. */
int grg__nap_may_attack(const grg_game *g, int u, grg_verdict *why)
{
    house_ctx c = {u, -1, g->units[u].hex, g->units[u].hex, 0};
    return grg__house_check(g, HOUSE_AT_ATTACK, &c, why) == 0;
}

/* NAP-7.6: an edge a-e for each active unit a in the zone of control of an enemy e (NAP-P4: e is
 * adjacent), both still free to fight this phase (NAP-7.3). */
void grg__nap_graph(const grg_game *g, nap_graph *gr)
{
    for (int u = 0; u < GRG_MAX_UNITS; u++) {
        gr->parent[u] = (int16_t)u;
        gr->node[u] = 0;
    }
    int foes[GRG_MAX_UNITS], n_foes = 0; /* the enemies free to be attacked, found once */
    for (int e = 0; e < g->n_units; e++) {
        const grg_unit *y = &g->units[e];
        if (y->side != g->active && grg__nap_combatant(g, e) && !(y->flags & NAP_F_DEFENDED))
            foes[n_foes++] = e;
    }
    for (int a = 0; a < g->n_units && n_foes; a++) {
        const grg_unit *x = &g->units[a];
        if (x->side != g->active || !grg__nap_combatant(g, a) || (x->flags & NAP_F_ATTACKED))
            continue;
        int may = -1; /* asked once, only for a unit that has an enemy next to it */
        for (int k = 0; k < n_foes; k++) {
            int e = foes[k];
            if (!grg__nap_adjacent(g, a, e))
                continue;
            if (may < 0)
                may = grg__nap_may_attack(g, a, NULL);
            if (!may)
                break;
            gr->node[a] = gr->node[e] = 1;
            join(gr, a, e);
        }
    }
}
