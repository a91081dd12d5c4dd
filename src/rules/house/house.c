/* The house layer's machinery (spec D.0, D.4): effective modes from the options, inert rules, and
 * the checkpoints the nap ruleset calls. The rules themselves are rows of house_rules.c. */
#include "rules/house/house.h"
#include "rules/nap/nap.h"

#include <stdio.h>

static house_state *hstate(grg_game *g) { return &grg__nap_state(g)->house; }
static const house_state *hcstate(const grg_game *g) { return &grg__nap_cstate(g)->house; }

/* D.4: which of a rule's data the scenario lacks, as a sentence; 0 when it has them all. */
int grg__house_inert(const grg_game *g, int i, char *why, size_t size)
{
    const grg_scenario *sc = g->sc;
    const grg_nap_data *nd = grg__nap_data(g);
    unsigned needs = grg__house_rules[i].needs, have = HOUSE_NEEDS_HOME_EDGE;
    for (int k = 0; k < sc->map.width * sc->map.height; k++) {
        const nap_terrain *t = &nd->terrain[sc->map.terrain[k]];
        have |= (t->cav_cover ? HOUSE_NEEDS_COVER : 0) | (t->chateau ? HOUSE_NEEDS_CHATEAU : 0) |
                ((sc->map.flags[k] & GRG_HEX_ROAD) ? HOUSE_NEEDS_ROADS : 0);
    }
    for (int s = 0; s < sc->n_sides; s++)
        if (sc->sides[s].home_edge == GRG_EDGE_NONE)
            have &= ~(unsigned)HOUSE_NEEDS_HOME_EDGE;
    if (g->opt[NAP_OPT_STACK_LIMIT] > 1)
        have |= HOUSE_NEEDS_STACKING;
    static const char *const what[] = {"no wood, village or town hex", "no chateau hex",
                                       "a side without a home edge", "no road",
                                       "stack limit 1: no passing through friends"};
    unsigned missing = needs & ~have;
    for (int b = 0; b < 5; b++) {
        if (missing & (1u << b)) {
            if (why)
                snprintf(why, size, "inert: %s", what[b]);
            return 1;
        }
    }
    return 0;
}

void grg__house_setup(grg_game *g)
{
    house_state *h = hstate(g);
    h->inert = 0;
    for (int i = 0; i < grg__house_n_rules; i++)
        if (grg__house_inert(g, i, NULL, 0))
            h->inert = (int16_t)(h->inert | (1 << i));
}

house_mode grg__house_mode(const grg_game *g, int i)
{
    if (hcstate(g)->inert & (1 << i))
        return HOUSE_OFF;
    int v = g->opt[NAP_OPT_HR_FIRST + i];
    if (v == HOUSE_OFF && g->opt[NAP_OPT_HOUSE])
        return grg__house_rules[i].default_mode;
    return (house_mode)v;
}

int grg__house_check(const grg_game *g, house_when w, const house_ctx *c, grg_verdict *why)
{
    for (int i = 0; i < grg__house_n_rules; i++) {
        const house_rule *r = &grg__house_rules[i];
        house_mode m = grg__house_mode(g, i);
        if (!(r->when & HOUSE_AT(w)) || (m != HOUSE_BLOCK && m != HOUSE_FORCE))
            continue;
        if (r->breach(g, w, c, why))
            return -1;
    }
    return 0;
}

static void record(grg_game *g, int i, int unit, const grg_verdict *v, grg_events *ev)
{
    hstate(g)->flagged[i]++;
    grg_event *e = grg_event_push(ev, GRG_EV_STATUS);
    if (!e)
        return;
    e->unit = (int16_t)unit;
    e->side = g->units[unit].side;
    e->from = e->to = g->units[unit].hex;
    e->value = hstate(g)->flagged[i];
    snprintf(e->rule, sizeof e->rule, "%s", grg__house_rules[i].id);
    snprintf(e->text, sizeof e->text, "Flagged: %.150s", v->message);
}

void grg__house_flag(grg_game *g, house_when w, const house_ctx *c, grg_events *ev)
{
    grg_verdict v;
    for (int i = 0; i < grg__house_n_rules; i++) {
        const house_rule *r = &grg__house_rules[i];
        if ((r->when & HOUSE_AT(w)) && grg__house_mode(g, i) == HOUSE_FLAG &&
            r->breach(g, w, c, &v))
            record(g, i, c->unit, &v, ev);
    }
}

void grg__house_after_step(grg_game *g, const house_ctx *c)
{
    for (int i = 0; i < grg__house_n_rules; i++)
        if (grg__house_rules[i].after_step && grg__house_mode(g, i) != HOUSE_OFF)
            grg__house_rules[i].after_step(g, c);
}

void grg__house_phase_start(grg_game *g)
{
    hstate(g)->road_movers = 0;
    for (int u = 0; u < g->n_units; u++)
        g->units[u].v[NAP_V_HOUSE_A] = g->units[u].v[NAP_V_HOUSE_B] = 0;
}

void grg__house_turn_start(grg_game *g)
{
    for (int i = 0; i < grg__house_n_rules; i++)
        if (grg__house_rules[i].turn_start && grg__house_mode(g, i) != HOUSE_OFF)
            grg__house_rules[i].turn_start(g);
}

/* The end of the active side's player-turn: each unit in breach of a turn-end rule is flagged, or
 * in block and force modes suffers the rule's enforcement. */
void grg__house_turn_end(grg_game *g, grg_events *ev)
{
    grg_verdict v;
    for (int i = 0; i < grg__house_n_rules; i++) {
        const house_rule *r = &grg__house_rules[i];
        house_mode m = grg__house_mode(g, i);
        if (!(r->when & HOUSE_AT(HOUSE_AT_TURN_END)) || m == HOUSE_OFF)
            continue;
        for (int u = 0; u < g->n_units; u++) {
            if (g->units[u].side != g->active || g->units[u].status != GRG_UNIT_ON_MAP)
                continue;
            house_ctx c = {u, -1, g->units[u].hex, g->units[u].hex, 0};
            if (!r->breach(g, HOUSE_AT_TURN_END, &c, &v))
                continue;
            if (m == HOUSE_FLAG)
                record(g, i, u, &v, ev);
            else
                r->enforce(g, u, ev);
        }
    }
}

void grg__house_info(const grg_game *g, grg_info *out)
{
    static const char *const names[] = {"off", "block", "force", "flag"};
    char text[64];
    for (int i = 0; i < grg__house_n_rules; i++) {
        const house_rule *r = &grg__house_rules[i];
        int asked = g->opt[NAP_OPT_HR_FIRST + i] != HOUSE_OFF || g->opt[NAP_OPT_HOUSE];
        if (!asked)
            continue;
        if (!grg__house_inert(g, i, text, sizeof text))
            snprintf(text, sizeof text, "%s, %d flagged", names[grg__house_mode(g, i)],
                     hcstate(g)->flagged[i]);
        grg_info_text(out, r->id, text);
    }
    if (g->opt[NAP_OPT_HOUSE])
        grg_info_text(out, "house_other", "the other D.3 rules are inert: need D.1 battalion data");
}
