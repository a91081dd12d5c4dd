/* nap combat arithmetic (C.5 to C.8): each unit's strength with its multipliers, the totals, the
 * odds column rounded for the defender, the die modifiers, the results table; the preview query and
 * the resolution of a declared combat. Every multiplier and modifier is reported as a term with the
 * rule behind it. */
#include "rules/nap/nap.h"

#include <stdio.h>
#include <string.h>

/* NAP-7.11: column index, 0 = "1-4" ... 7 = "5-1"; requires a > 0 and d > 0. */
int grg__nap_odds_column(int a, int d)
{
    if (a >= d) {
        int n = a / d;
        return 2 + (n > 5 ? 5 : n);
    }
    int m = (d + a - 1) / a;
    return 4 - (m > 4 ? 4 : m);
}

static void side_term(grg_preview_side *s, const char *rule, const char *label, int value)
{
    if (s->n_terms < GRG_MAX_TERMS)
        grg_term_set(&s->terms[s->n_terms++], rule, label, value);
}

/* Adds a unit's term; past the last free slot the units are summed into one "others" term. */
static void unit_term(grg_preview_side *s, int *others, int *n_others, const char *rule,
                      const char *label, int value)
{
    if (s->n_terms < GRG_MAX_TERMS - 1) {
        side_term(s, rule, label, value);
        return;
    }
    *others += value;
    (*n_others)++;
}

static void others_term(grg_preview_side *s, int others, int n_others)
{
    char lab[48];
    if (n_others == 0)
        return;
    snprintf(lab, sizeof lab, "%d more units", n_others);
    side_term(s, "NAP-7.8", lab, others);
}

/* NAP-9.2 to 9.4 at resolution: every defender next to the cavalry may be charged, and no enemy
 * cavalry defends. Returns 0 when the charge doubles, else -1 with the voiding rule in `rule`. */
static int charge_void(const grg_game *g, const nap_decl *d, int i, char rule[GRG_RULE_LEN])
{
    int cav = d->att[i];
    grg_verdict tmp;
    for (int k = 0; k < d->n_def; k++) {
        int e = d->def[k];
        if (grg__nap_arm(g, e) == NAP_CAV) {
            snprintf(rule, GRG_RULE_LEN, "NAP-9.4");
            return -1;
        }
        if (grg__nap_adjacent(g, cav, e) && grg__nap_charge_valid(g, cav, e, &tmp) < 0) {
            snprintf(rule, GRG_RULE_LEN, "%s", tmp.rule);
            return -1;
        }
    }
    return 0;
}

/* C.5 step 1 for artillery firing from range at hex t: its strength halved at exactly its range
 * (NAP-8.2), then divided by its own hex's fire_div (a town, C.5), each rounded down. The notes go
 * to label (may be NULL) and the rule of the last divisor to rule (may be NULL). */
int grg__nap_ranged_strength(const grg_game *g, int art, grg_hex t, char *label, size_t size,
                             char rule[GRG_RULE_LEN])
{
    const grg_nap_data *nd = grg__nap_data(g);
    const grg_unit *x = &g->units[art];
    int s = x->strength;
    size_t len;
    if (label && size)
        label[0] = '\0';
#define NOTE(...)                                                                                  \
    ((void)(label ? (len = strlen(label), snprintf(label + len, size - len, __VA_ARGS__)) : 0))
    if (grg_hex_distance(x->hex, t) == x->v[NAP_V_RANGE]) {
        s /= nd->art_max_range_div;
        NOTE(" /%d max range", nd->art_max_range_div);
        if (rule)
            snprintf(rule, GRG_RULE_LEN, "NAP-8.2");
    }
    const nap_terrain *tt = grg__nap_terrain(g, x->hex);
    if (tt && tt->fire_div > 1) {
        s /= tt->fire_div;
        NOTE(" /%d from town", tt->fire_div);
        if (rule)
            snprintf(rule, GRG_RULE_LEN, "NAP-8.3");
    }
#undef NOTE
    return s;
}

/* C.5 step 1: one attacker's modified strength, its label and the rule of its last multiplier. */
static int attacker_strength(const grg_game *g, const nap_decl *d, int i, char *label, size_t size,
                             char rule[GRG_RULE_LEN])
{
    const grg_nap_data *nd = grg__nap_data(g);
    int u = d->att[i];
    const grg_unit *x = &g->units[u];
    int arm = grg__nap_arm(g, u);
    int s = x->strength;
    size_t len;
    snprintf(label, size, "%s %s %d", g->sc->units[u].id, grg__nap_arm_name(arm), s);
    snprintf(rule, GRG_RULE_LEN, "NAP-7.8");
#define NOTE(...) (len = strlen(label), snprintf(label + len, size - len, __VA_ARGS__))
    if (arm == NAP_ART && !d->ranged[i]) {
        s *= nd->art_adjacent_mult;
        NOTE(" x%d adjacent", nd->art_adjacent_mult);
        snprintf(rule, GRG_RULE_LEN, "NAP-8.2");
    }
    if (d->ranged[i]) {
        len = strlen(label);
        s = grg__nap_ranged_strength(g, u, d->at[i], label + len, size - len, rule);
    }
    if (d->charge[i] >= 0) {
        if (charge_void(g, d, i, rule) < 0) {
            NOTE(" charge void");
        } else {
            s *= nd->charge_mult;
            NOTE(" x%d charge", nd->charge_mult);
            snprintf(rule, GRG_RULE_LEN, "NAP-9.1");
        }
    }
#undef NOTE
    return s;
}

/* The hexside an attack crosses: the one between two adjacent hexes, or for ranged artillery under
 * `ranged_art_hexside` the last hexside crossed into the target hex (none after a run-along). */
typedef struct last_side {
    grg_hex target;
    int found;
    int uphill; /* crossed towards the crest's high side (the target's side) */
    unsigned features;
    const grg_game *g;
} last_side;

static int last_side_visit(void *ctx, const grg_los_item *it)
{
    last_side *c = ctx;
    int touches = grg_hex_eq(it->other, c->target) || grg_hex_eq(it->hex, c->target);
    if (it->kind == GRG_LOS_SIDE_CROSSED && touches) {
        grg_hex from = grg_hex_eq(it->hex, c->target) ? it->other : it->hex;
        int dir = grg_hex_direction_to(from, c->target);
        c->found = 1;
        c->features = dir < 0 ? 0 : grg__nap_side(c->g, from, dir);
        c->uphill = dir >= 0 && grg__nap_uphill(c->g, from, dir);
    } else if (it->kind == GRG_LOS_SIDE_RUN && touches) {
        c->found = 0;
    }
    return 0;
}

/* NAP-7.15: does feature bit b lie across every attack of the combat? */
static int every_attack_crosses(const grg_game *g, const nap_decl *d, int b)
{
    const nap_hexside *hs = &grg__nap_data(g)->side[b];
    int attacks = 0;
    for (int i = 0; i < d->n_att; i++) {
        grg_hex ah = g->units[d->att[i]].hex;
        if (d->ranged[i]) {
            if (!grg__nap_opt(g, NAP_OPT_RANGED_HEXSIDE))
                continue;
            last_side c = {d->at[i], 0, 0, 0, g};
            grg_los_walk(ah, d->at[i], last_side_visit, &c);
            attacks++;
            if (!c.found || !(c.features & (1u << b)) ||
                (hs->replaced && (c.features & (GRG_SIDE_BRIDGE | GRG_SIDE_FORD))) ||
                (hs->uphill_only && !c.uphill))
                return 0;
            continue;
        }
        for (int k = 0; k < d->n_def; k++) {
            grg_hex dh = g->units[d->def[k]].hex;
            int dir = grg_hex_direction_to(ah, dh);
            if (dir < 0)
                continue;
            attacks++;
            unsigned sf = grg__nap_side(g, ah, dir);
            if (!(sf & (1u << b)) ||
                (hs->replaced && (sf & (GRG_SIDE_BRIDGE | GRG_SIDE_FORD)))) /* spanned */
                return 0;
            if (hs->uphill_only && !grg__nap_uphill(g, ah, dir))
                return 0;
        }
    }
    return attacks > 0;
}

static void die_term(nap_eval *e, const char *rule, const char *label, int value)
{
    if (e->n_die_terms >= GRG_MAX_TERMS)
        return;
    grg_term *t = &e->die_terms[e->n_die_terms++];
    snprintf(t->rule, sizeof t->rule, "%s", rule);
    snprintf(t->label, sizeof t->label, "%s", label);
    t->value = value;
    e->die_mod += value;
}

static void die_modifiers(const grg_game *g, const nap_decl *d, nap_eval *e)
{
    const grg_nap_data *nd = grg__nap_data(g);
    int arms_a = 0, arms_d = 0, disordered = 0;
    for (int i = 0; i < d->n_att; i++)
        arms_a |= 1 << grg__nap_arm(g, d->att[i]);
    for (int k = 0; k < d->n_def; k++) {
        arms_d |= 1 << grg__nap_arm(g, d->def[k]);
        disordered |= (g->units[d->def[k]].flags & NAP_F_DISORDERED) != 0;
    }
    if (arms_a == 7)
        die_term(e, "NAP-7.13", "three arms attacking", nd->three_arms_die);
    if (arms_d == 7 && grg__nap_opt(g, NAP_OPT_THREE_ARMS_DEF))
        die_term(e, "NAP-7.13", "three arms defending", -nd->three_arms_die);
    if (disordered && (arms_a & (1 << NAP_CAV)))
        die_term(e, "NAP-7.14", "disordered defender, cavalry attacking", nd->disorder_cav_die);
    static const char *const names[GRG_SIDE_FEATURE_COUNT] = {
        "river", "stream", "crest", "crest", "bridge", "ford", "hedge", "wall", "road"};
    for (int b = 0; b < GRG_SIDE_FEATURE_COUNT; b++) {
        if (nd->side[b].die == 0 || !every_attack_crosses(g, d, b))
            continue;
        char lab[48];
        snprintf(lab, sizeof lab, "every attack across a %s", names[b]);
        die_term(e, "NAP-7.15", lab, nd->side[b].die);
    }
}

void grg__nap_eval(const grg_game *g, const nap_decl *d, nap_eval *e)
{
    memset(e, 0, sizeof *e);
    int others = 0, n_others = 0;
    char lab[48];
    for (int i = 0; i < d->n_att; i++) {
        char rule[GRG_RULE_LEN];
        int s = attacker_strength(g, d, i, lab, sizeof lab, rule);
        e->att += s;
        unit_term(&e->a, &others, &n_others, rule, lab, s);
    }
    others_term(&e->a, others, n_others);
    others = n_others = 0;
    for (int k = 0; k < d->n_def; k++) {
        int u = d->def[k];
        const nap_terrain *t = grg__nap_terrain(g, g->units[u].hex);
        int mult = t ? t->def_mult : 1;
        int s = g->units[u].strength * mult;
        int tid = grg_map_terrain(&g->sc->map, g->units[u].hex);
        snprintf(lab, sizeof lab, "%s %s %d", g->sc->units[u].id,
                 grg__nap_arm_name(grg__nap_arm(g, u)), g->units[u].strength);
        if (mult != 1 && tid >= 0) {
            size_t len = strlen(lab);
            snprintf(lab + len, sizeof lab - len, " x%d %s", mult, g->sc->data->terrain[tid].id);
        }
        e->def += s;
        unit_term(&e->d, &others, &n_others, mult != 1 ? "NAP-P3" : "NAP-7.8", lab, s);
    }
    others_term(&e->d, others, n_others);
    e->a.total = e->att;
    e->d.total = e->def;
    e->column = grg__nap_odds_column(e->att > 0 ? e->att : 1, e->def > 0 ? e->def : 1);
    die_modifiers(g, d, e);
}

static int clamp_row(const grg_game *g, int v)
{
    const grg_nap_data *nd = grg__nap_data(g);
    return v < nd->die_min ? nd->die_min : v > nd->die_max ? nd->die_max : v;
}

/* NAP-7.12, 7.16: the table row a raw die gives, with option die_base (1: a d6 read 1-6, 0: 0-5).
 */
static int row_of(const grg_game *g, int roll, int mod)
{
    int base = grg__nap_opt(g, NAP_OPT_DIE_BASE);
    return clamp_row(g, roll - 1 + base + mod);
}

static const char *const result_rule[NAP_R_COUNT] = {
    "NAP-7.22", "NAP-7.17", "NAP-7.20", "NAP-7.20", "NAP-7.21", "NAP-7.21", "NAP-7.18", "NAP-7.19"};
static const char *const result_text[NAP_R_COUNT] = {"no effect",
                                                     "attacker eliminated",
                                                     "attacker retreats 2 hexes",
                                                     "attacker retreats 1 hex",
                                                     "defender retreats 1 hex",
                                                     "defender retreats 2 hexes",
                                                     "defender eliminated",
                                                     "exchange"};

/* The chance of each result (n/6). With only artillery firing from range attacking, the attacker's
 * results are shown as ignored (NAP-8.4), under their table codes. */
static void outcomes(const grg_game *g, const nap_decl *d, const nap_eval *e, grg_preview *out)
{
    int all_ranged = d->n_att > 0;
    for (int i = 0; i < d->n_att; i++)
        all_ranged &= d->ranged[i] != 0;
    const grg_nap_data *nd = grg__nap_data(g);
    int count[NAP_R_COUNT] = {0};
    for (int roll = 1; roll <= 6; roll++)
        count[nd->crt[row_of(g, roll, e->die_mod)][e->column]]++;
    out->n_outcomes = 0;
    for (int r = 0; r < NAP_R_COUNT; r++) {
        if (!count[r])
            continue;
        grg_outcome *o = &out->outcomes[out->n_outcomes++];
        snprintf(o->result, sizeof o->result, "%s", grg__nap_result_names[r]);
        if (all_ranged && (r == NAP_R_AE || r == NAP_R_A1 || r == NAP_R_A2))
            snprintf(o->text, sizeof o->text,
                     "%s: ignored by artillery firing from range (NAP-8.4)", result_text[r]);
        else if (all_ranged && r == NAP_R_EX)
            snprintf(o->text, sizeof o->text,
                     "exchange: only the defender is eliminated (NAP-8.4)");
        else
            snprintf(o->text, sizeof o->text, "%s (%s)", result_text[r], result_rule[r]);
        o->num = count[r];
        o->den = 6;
    }
}

/* The first compulsory combat in unit order, for a preview asked without a declaration. */
static void first_component(const grg_game *g, nap_decl *d)
{
    nap_graph gr;
    grg__nap_graph(g, &gr);
    grg__nap_decl_reset(d);
    d->open = 1;
    int root = -1;
    for (int u = 0; u < g->n_units && root < 0; u++)
        if (gr.node[u])
            root = grg__nap_root(&gr, u);
    if (root < 0)
        return;
    d->kind = 1;
    d->member = (int16_t)root;
    for (int u = 0; u < g->n_units; u++) {
        if (!gr.node[u] || grg__nap_root(&gr, u) != root)
            continue;
        if (g->units[u].side == g->active && d->n_att < NAP_MAX_SIDE) {
            int i = d->n_att++;
            d->att[i] = (int16_t)u;
            d->ranged[i] = 0;
            d->charge[i] = -1;
            d->at[i] = g->units[u].hex;
        } else if (g->units[u].side != g->active && d->n_def < NAP_MAX_SIDE) {
            d->def[d->n_def++] = (int16_t)u;
        }
    }
}

int grg__nap_preview(const grg_game *g, const grg_action *acts, int n, grg_preview *out,
                     grg_verdict *why)
{
    nap_decl d; /* out comes cleared to its counts (grg_query_preview) */
    if (n == 0) {
        first_component(g, &d);
        if (d.n_att == 0)
            return grg_refuse(why, "NAP-7.2",
                              "No combat is compulsory now; name the attackers and defenders.");
    } else if (n == 1 && acts[0].type == GRG_A_COMBAT_CLOSE) {
        /* "what would closing now give": the combat being declared, charges included */
        d = grg__nap_cstate(g)->decl;
        if (!d.open || d.n_att == 0 || d.n_def == 0)
            return grg_refuse(why, "NAP-7.7",
                              "No combat with attackers and defenders is being declared.");
    } else {
        grg__nap_decl_reset(&d);
        d.open = 1;
        for (int i = 0; i < n; i++) {
            if (acts[i].type == GRG_A_COMBAT_BEGIN && i == 0)
                continue;
            if (grg__nap_decl_check(g, &d, &acts[i], why) < 0)
                return -1;
            if (acts[i].type == GRG_A_COMBAT_CLOSE)
                break;
            grg__nap_decl_add(g, &d, &acts[i]);
        }
        if (d.n_att == 0 || d.n_def == 0)
            return grg_refuse(why, "NAP-7.8",
                              "A preview needs at least one attacker and one defender.");
    }
    nap_eval e;
    grg__nap_eval(g, &d, &e);
    snprintf(out->kind, sizeof out->kind, "%s", d.kind == 2 ? "bombard" : "combat");
    snprintf(out->odds, sizeof out->odds, "%s", grg__nap_data(g)->columns[e.column]);
    out->attacker = e.a;
    out->defender = e.d;
    out->n_die_terms = e.n_die_terms;
    memcpy(out->die_terms, e.die_terms, sizeof e.die_terms);
    outcomes(g, &d, &e, out);
    return 0;
}

/* combat_close: the die, its modifiers and the table (NAP-7.12 to 7.16, C.8), then the result. */
void grg__nap_resolve(grg_game *g, grg_events *ev)
{
    nap_state *s = grg__nap_state(g);
    const nap_decl *d = &s->decl;
    const grg_nap_data *nd = grg__nap_data(g);
    nap_eval e;
    grg__nap_eval(g, d, &e);
    for (int i = 0; i < d->n_att; i++) {
        g->units[d->att[i]].flags |= NAP_F_ATTACKED;
        house_ctx c = {d->att[i], d->charge[i], g->units[d->att[i]].hex, g->units[d->att[i]].hex,
                       0};
        grg__house_flag(g, HOUSE_AT_ATTACK, &c, ev);
        if (d->charge[i] >= 0)
            grg__house_flag(g, HOUSE_AT_CHARGE, &c, ev);
    }
    for (int k = 0; k < d->n_def; k++)
        g->units[d->def[k]].flags |= NAP_F_DEFENDED;
    int roll = grg_d6(g);
    int row = row_of(g, roll, e.die_mod);
    nap_result r = (nap_result)nd->crt[row][e.column];
    grg_event *de = grg_event_push(ev, GRG_EV_DIE);
    if (de) {
        de->unit = d->att[0];
        de->other = d->def[0];
        de->side = (int16_t)g->active;
        de->die = (int16_t)roll;
        de->value = row;
        snprintf(de->rule, sizeof de->rule, "NAP-7.12");
        de->n_terms = e.n_die_terms;
        memcpy(de->terms, e.die_terms, sizeof e.die_terms);
        snprintf(de->text, sizeof de->text, "%d against %d: odds %s; die %d%+d gives row %d.",
                 e.att, e.def, nd->columns[e.column], roll, e.die_mod, row);
    }
    grg_event *re = grg_event_push(ev, GRG_EV_RESULT);
    if (re) {
        re->unit = d->att[0];
        re->other = d->def[0];
        re->side = (int16_t)g->active;
        re->value = (int32_t)r;
        snprintf(re->rule, sizeof re->rule, "%s", result_rule[r]);
        snprintf(re->text, sizeof re->text, "%s", grg__nap_result_names[r]);
    }
    grg__nap_apply_result(g, r, ev);
}
