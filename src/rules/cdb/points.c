/* Action points (CDB-P5, CDB-4.2, CDB-4.3): the die per corps, the CinC's extra point, the cost
 * of an activation with every modifier, and allied corps' reliability. */
#include "cdb.h"

#include <stdio.h>
#include <string.h>

int cdb_corps_side(const grg_game *g, int corps)
{
    int s = g->sc->corps[corps].side;
    return (cdb_cst(g)->cflags[corps] & CDB_CF_SWITCHED) ? 1 - s : s;
}

static int surprised(const grg_game *g, int corps)
{
    return g->opt[CDB_OPT_SURPRISED_CORPS] == corps + 1 && g->turn == 1;
}

void cdb_make_reliable(grg_game *g, int corps, const char *why, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    if (!(st->cflags[corps] & CDB_CF_UNRELIABLE))
        return;
    st->cflags[corps] &= (int16_t)~CDB_CF_UNRELIABLE;
    grg_event *e = grg_event_push(ev, GRG_EV_STATUS);
    if (e) {
        e->corps = (int16_t)corps;
        e->side = (int16_t)cdb_corps_side(g, corps);
        snprintf(e->rule, sizeof e->rule, "CDB-4.3.c");
        snprintf(e->text, sizeof e->text, "Allied corps %s is reliable from now on: %s",
                 g->sc->corps[corps].name, why);
    }
}

static int cinc_of_side(const grg_game *g, int side)
{
    for (int i = 0; i < g->n_units; i++)
        if (cdb_is_cinc(g, i) && g->units[i].side == side)
            return i;
    return -1;
}

/* CDB-P5, 4.3.a: a corps none of whose units is on the map (reinforcements still to come) rolls
 * no die, so an allied corps' first roll, which decides its reliability, is made on the map. */
static int corps_present(const grg_game *g, int c)
{
    for (int u = 0; u < g->n_units; u++)
        if (g->units[u].corps == c && cdb_on_map(g, u))
            return 1;
    return 0;
}

/* B.3 step 1: one die per corps of the active side (allied corps their own, CDB-4.3.a), and the
 * CinC's extra point (CDB-4.2.e). */
void cdb_roll_points(grg_game *g, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    const cdb_data *d = cdb_data_of(g);
    for (int c = 0; c < g->sc->n_corps; c++) {
        st->ap[c] = 0;
        if (cdb_corps_side(g, c) != g->active)
            continue;
        grg_event *e;
        if (!corps_present(g, c)) {
            if ((e = grg_event_push(ev, GRG_EV_POINTS))) {
                e->corps = (int16_t)c;
                e->side = (int16_t)g->active;
                snprintf(e->rule, sizeof e->rule, "CDB-P5");
                snprintf(e->text, sizeof e->text,
                         "Corps %s has no unit on the map and rolls no action points",
                         g->sc->corps[c].name);
            }
            continue;
        }
        if (cdb_corps_frozen(g, c) || surprised(g, c)) {
            if ((e = grg_event_push(ev, GRG_EV_POINTS))) {
                e->corps = (int16_t)c;
                e->side = (int16_t)g->active;
                snprintf(e->rule, sizeof e->rule, "scenario");
                snprintf(e->text, sizeof e->text, "Corps %s gets no action points this turn",
                         g->sc->corps[c].name);
            }
            continue;
        }
        int roll = grg_d6(g);
        st->ap[c] = (int16_t)roll;
        if ((e = grg_event_push(ev, GRG_EV_DIE))) {
            e->unit = (int16_t)g->sc->corps[c].general; /* the general rolls for his corps */
            e->corps = (int16_t)c;
            e->side = (int16_t)g->active;
            e->die = (int16_t)roll;
            e->value = roll;
            snprintf(e->rule, sizeof e->rule, "CDB-P5");
            snprintf(e->text, sizeof e->text, "Corps %s rolls %d for action points",
                     g->sc->corps[c].name, roll);
        }
        if (g->sc->corps[c].allied && !(st->cflags[c] & CDB_CF_ROLLED) &&
            roll <= d->unreliable_roll) {
            st->cflags[c] |= CDB_CF_UNRELIABLE;
            if ((e = grg_event_push(ev, GRG_EV_STATUS))) {
                e->corps = (int16_t)c;
                e->side = (int16_t)g->active;
                snprintf(e->rule, sizeof e->rule, "CDB-4.3.a");
                snprintf(e->text, sizeof e->text,
                         "Allied corps %s is unreliable: its first roll was %d",
                         g->sc->corps[c].name, roll);
            }
        } else if (roll >= d->reliable_roll) {
            cdb_make_reliable(g, c, "it rolled a 6", ev);
        }
        st->cflags[c] |= CDB_CF_ROLLED;
        if ((e = grg_event_push(ev, GRG_EV_POINTS))) {
            e->corps = (int16_t)c;
            e->side = (int16_t)g->active;
            e->value = roll;
            snprintf(e->rule, sizeof e->rule, "CDB-P5");
            snprintf(e->text, sizeof e->text, "Corps %s has %d action points", g->sc->corps[c].name,
                     roll);
        }
    }
    int cinc = cinc_of_side(g, g->active);
    st->cinc_ap = (int16_t)(cinc >= 0 && cdb_on_map(g, cinc) ? d->cinc_extra : 0);
    st->cinc_used = 0;
}

/* CDB-4.2.b: the command path avoids impassable hexes and hexes holding enemy units; ctx is a
 * map-sized array marking the enemy-held hexes. */
static int command_pass(const grg_game *g, grg_hex h, const void *ctx)
{
    const uint8_t *enemy = ctx;
    return cdb_terrain_cls(g, h) != CDB_IMPASSABLE && !enemy[grg_map_index(&g->sc->map, h)];
}

/* CDB-4.2.a/e: the CinC alone, or a group of the CinC's own corps. */
int cdb_cinc_commands(const grg_game *g, const int *units, int n)
{
    if (n == 1)
        return cdb_is_cinc(g, units[0]);
    int cinc = cinc_of_side(g, g->units[units[0]].side);
    return cinc >= 0 && g->units[cinc].corps == g->units[units[0]].corps;
}

/* Adds a term to the cost; out->n_terms < 0 means the caller wants the cost only (no labels). */
static void term(grg_command *out, int *cost, const char *rule, const char *label, int value)
{
    *cost += value;
    if (out->n_terms >= 0 && out->n_terms < GRG_MAX_TERMS)
        grg_term_set(&out->terms[out->n_terms++], rule, label, value);
}

/* The hexes of direct_path's walk, from + i*d1 + j*d2, by their offsets in the window around
 * from; cell[at] 0 not judged yet, else 1 + whether the path reaches the hex. */
typedef struct direct_walk {
    const grg_game *g;
    const cdb_board *b;
    const uint8_t *enemy; /* without an index: the enemy-held hexes */
    uint8_t *cell;
    grg_hex from;
    int side, d1, d2, s1, s2; /* s1, s2: the offsets of a step along d1, d2 */
} direct_walk;

/* Whether a path of i + j steps, each one hex nearer, reaches from + i*d1 + j*d2: through one of
 * the one or two hexes before it (its neighbours one hex nearer `from`), and it is passable and
 * free of enemies. Only the hexes some path reaches are judged. */
static int reaches(const direct_walk *w, int i, int j)
{
    static const int8_t nq[6] = {1, 1, 0, -1, -1, 0}, nr[6] = {0, -1, -1, 0, 1, 1};
    if (i == 0 && j == 0)
        return 1;
    int at = CDB_DIRECT_R * CDB_DIRECT_W + CDB_DIRECT_R + i * w->s1 + j * w->s2;
    if (!w->cell[at]) {
        grg_hex n = {w->from.q + i * nq[w->d1] + j * nq[w->d2],
                     w->from.r + i * nr[w->d1] + j * nr[w->d2]};
        int yes = ((i > 0 && reaches(w, i - 1, j)) || (j > 0 && reaches(w, i, j - 1))) &&
                  !(w->b ? cdb_b_enemy_at(w->g, w->b, w->side, n) : w->enemy[at]) &&
                  cdb_terrain_cls(w->g, n) != CDB_IMPASSABLE;
        w->cell[at] = (uint8_t)(yes + 1);
    }
    return w->cell[at] - 1;
}

/* CDB-4.2.b (speed only): is the command path from `from` to `to` exactly their hex distance h
 * (at most CDB_DIRECT_R)? Such a path only uses hexes between the two, each step one hex nearer
 * `to`: the parallelogram from + i*d1 + j*d2 (0 <= i <= a, 0 <= j <= b) where `to` - `from` =
 * a*d1 + b*d2 for two adjacent directions, every path a run of +d1 and +d2 steps. So this settles
 * most questions without the full search, by a walk back over that small grid; when it says no,
 * the caller runs the full search. Hexes holding an enemy of `side` (the view's answer, or a scan
 * of the units without one) or impassable block it; `to` itself must be passable, `from` need
 * not. Whether such a path reaches a hex depends on that hex only (not on `to`), so with the
 * view's memo each hex is judged once per general. */
static int direct_path(const grg_game *g, grg_hex from, grg_hex to, int side, const cdb_board *b)
{
    static const int8_t nq[6] = {1, 1, 0, -1, -1, 0}, nr[6] = {0, -1, -1, 0, 1, 1};
    int h = cdb_dist(from, to);
    if (h == 0)
        return 1;
    int dq = to.q - from.q, dr = to.r - from.r, d1 = 0, a = 0, bb = 0;
    for (int d = 0; d < 6; d++) { /* det(dir d, dir d+1) = -1 for every d: / det is * det */
        int x1 = nq[d], y1 = nr[d], x2 = nq[(d + 1) % 6], y2 = nr[(d + 1) % 6];
        int det = x1 * y2 - x2 * y1, i = (dq * y2 - dr * x2) * det, j = (x1 * dr - y1 * dq) * det;
        if (i >= 0 && j >= 0) {
            d1 = d, a = i, bb = j;
            break;
        }
    }
    int d2 = (d1 + 1) % 6;
    uint8_t enemy[CDB_DIRECT_W * CDB_DIRECT_W], cell[CDB_DIRECT_CELLS];
    if (!b) { /* the enemy-held hexes between the two, each of whose coordinates lies between
                 theirs (the box test before the distances) */
        int q0 = from.q < to.q ? from.q : to.q, q1 = from.q + to.q - q0;
        int r0 = from.r < to.r ? from.r : to.r, r1 = from.r + to.r - r0;
        memset(enemy, 0, sizeof enemy);
        for (int e = 0; e < g->n_units; e++) {
            const grg_unit *x = &g->units[e];
            if (x->side != side && x->status == GRG_UNIT_ON_MAP && x->hex.q >= q0 &&
                x->hex.q <= q1 && x->hex.r >= r0 && x->hex.r <= r1 &&
                cdb_dist(from, x->hex) + cdb_dist(x->hex, to) == h)
                enemy[(x->hex.r - from.r + CDB_DIRECT_R) * CDB_DIRECT_W + x->hex.q - from.q +
                      CDB_DIRECT_R] = 1;
        }
    }
    cdb_cmd_memo *m = b ? b->memo : NULL;
    if (!m)
        memset(cell, 0, sizeof cell);
    else if (m->direct_side != side || !grg_hex_eq(m->direct_from, from)) {
        memset(m->direct, 0, sizeof m->direct);
        m->direct_from = from;
        m->direct_side = side;
    }
    direct_walk w = {
        g,    b,  enemy, m ? m->direct : cell,           from,
        side, d1, d2,    nr[d1] * CDB_DIRECT_W + nq[d1], nr[d2] * CDB_DIRECT_W + nq[d2]};
    return reaches(&w, a, bb);
}

/* The first member at hex distance hmin of the general's hex gh whose command path is that
 * distance, or -1. */
static int first_direct(const grg_game *g, const int *units, int n, grg_hex gh, int hmin,
                        const cdb_board *b)
{
    int side = g->units[units[0]].side;
    for (int i = 0; i < n; i++)
        if (cdb_dist(gh, g->units[units[i]].hex) == hmin &&
            direct_path(g, gh, g->units[units[i]].hex, side, b))
            return units[i];
    return -1;
}

/* CDB-4.2.b: command distance from the member nearest its general (path or straight metric).
 * With the path metric: when every member is more than command_far hexes away, so is every path;
 * otherwise the first member at the least hex distance whose path is that distance is the nearest
 * (no path is shorter than the hex distance), and only when none is the full search runs. */
static int command_distance(const grg_game *g, const int *units, int n, int gen, grg_command *out,
                            int *cost, const cdb_board *b)
{
    const cdb_data *d = cdb_data_of(g);
    grg_hex gh = g->units[gen].hex;
    int best = -1, near = units[0];
    int hmin = -1;
    for (int i = 0; i < n; i++) {
        int h = cdb_dist(gh, g->units[units[i]].hex);
        if (hmin < 0 || h < hmin)
            hmin = h;
    }
    if (g->opt[CDB_OPT_COMMAND_METRIC] == 0 && hmin > d->command_far) {
        best = hmin;
    } else if (g->opt[CDB_OPT_COMMAND_METRIC] == 0 && hmin <= CDB_DIRECT_R &&
               (near = first_direct(g, units, n, gh, hmin, b)) >= 0) {
        best = hmin;
    } else if (g->opt[CDB_OPT_COMMAND_METRIC] == 0) {
        near = units[0];
        cdb_field f;
        uint8_t enemy[GRG_MAP_MAX_DIM * GRG_MAP_MAX_DIM];
        grg_hex targets[CDB_MAX_PIECES];
        memset(enemy, 0, (size_t)g->sc->map.width * (size_t)g->sc->map.height);
        for (int e = 0; e < g->n_units; e++)
            if (cdb_on_map(g, e) && g->units[e].side != g->units[gen].side)
                enemy[grg_map_index(&g->sc->map, g->units[e].hex)] = 1;
        for (int i = 0; i < n && i < CDB_MAX_PIECES; i++)
            targets[i] = g->units[units[i]].hex;
        cdb_field_build(g, &f, gh, d->command_far + 1, command_pass, enemy, targets,
                        n < CDB_MAX_PIECES ? n : CDB_MAX_PIECES);
        for (int i = 0; i < n; i++) {
            int dist = cdb_field_get(&f, g->units[units[i]].hex);
            if (dist < 0)
                dist = d->command_far + 1; /* no path: farther than 12 */
            if (best < 0 || dist < best)
                best = dist, near = units[i];
        }
    } else {
        for (int i = 0; i < n; i++) {
            int dist = cdb_dist(gh, g->units[units[i]].hex);
            if (best < 0 || dist < best)
                best = dist, near = units[i];
        }
    }
    char label[48] = "";
    if (best > d->command_far) {
        if (out->n_terms >= 0)
            snprintf(label, sizeof label, "more than %d hexes from its general", d->command_far);
        term(out, cost, "CDB-4.2.b", label, d->cost_far);
        return d->command_far + 1;
    }
    /* sight matters only from command_sight hexes on */
    if (best >= d->command_sight && !cdb_sees(g, g->units[near].hex, gh)) {
        if (out->n_terms >= 0)
            snprintf(label, sizeof label, "out of sight of its general, %d hexes away", best);
        term(out, cost, "CDB-4.2.b", label, d->cost_far);
    }
    return best;
}

/* command_distance for legal's cost-only question, from the memo of single units' distances:
 * the nearest member is the first at the least distance (what the search of the whole group and
 * its shortcuts find), and its CDB-4.2.b cost is the group's. */
static void memo_distance(const grg_game *g, const int *units, int n, int gen, grg_command *out,
                          int *cost, const cdb_board *b)
{
    cdb_cmd_memo *m = b->memo;
    int best = -1, near = units[0];
    for (int i = 0; i < n; i++)
        if (g->units[units[i]].corps != g->units[units[0]].corps) {
            command_distance(g, units, n, gen, out, cost, b); /* the memo is per own general */
            return;
        }
    for (int i = 0; i < n; i++) {
        int u = units[i];
        if (!(m->known[u / 32] >> (u % 32) & 1)) {
            grg_command one;
            int c = 0;
            one.n_terms = -1;
            m->dist[u] = (int16_t)command_distance(g, &u, 1, gen, &one, &c, b);
            m->far[u] = (int16_t)c;
            m->known[u / 32] |= 1u << (u % 32);
        }
        if (best < 0 || m->dist[u] < best)
            best = m->dist[u], near = u;
    }
    if (m->far[near] != 0)
        term(out, cost, "CDB-4.2.b", "", m->far[near]);
}

/* cdb_cinc_commands with the CinC of each side found once per legal call (its memo). */
static int cinc_commands(const grg_game *g, const int *units, int n, const cdb_board *b)
{
    if (!b || !b->memo || n == 1)
        return cdb_cinc_commands(g, units, n);
    int side = g->units[units[0]].side;
    if (b->memo->cinc[side] == -2)
        b->memo->cinc[side] = (int16_t)cinc_of_side(g, side);
    int cinc = b->memo->cinc[side];
    return cinc >= 0 && g->units[cinc].corps == g->units[units[0]].corps;
}

/* CDB-4.2.c: the corps' general (on the map) is adjacent to an enemy; remembered per corps in
 * legal's memo. */
static int general_engaged(const grg_game *g, int corps, int gen, const cdb_board *b)
{
    if (b && b->memo && b->memo->engaged[corps] >= 0)
        return b->memo->engaged[corps];
    int e = cdb_b_adjacent_enemy(g, b, g->units[gen].side, g->units[gen].hex);
    if (b && b->memo)
        b->memo->engaged[corps] = (int8_t)e;
    return e;
}

/* The CDB-4.2.b term of a group whose general gen is on the map and not one of its units, added
 * to *cost (and to out's terms unless out->n_terms < 0): from legal's memo when there is one and
 * no labels are wanted. */
static void distance_term(const grg_game *g, const int *units, int n, int gen, grg_command *out,
                          int *cost, const cdb_board *b)
{
    if (b && b->memo && out->n_terms < 0)
        memo_distance(g, units, n, gen, out, cost, b);
    else
        command_distance(g, units, n, gen, out, cost, b);
}

/* The general of the units' corps when he is not one of them (the CDB-4.2.b/c terms), or -1. */
static int general_apart(const grg_game *g, const int *units, int n)
{
    int gen = g->sc->corps[g->units[units[0]].corps].general;
    for (int i = 0; i < n; i++)
        if (units[i] == gen)
            return -1;
    return gen;
}

/* The PA cost of activating these units (one unit, or the leaders of a group) with each term;
 * `extra` is a strategic impulse flag (the label differs, not the cost). Without `distance` the
 * CDB-4.2.b term is left out (a cheap lower bound). Without `labels` only the cost, the points
 * available and `allowed` are filled (legal's question, asked thousands of times). Returns the
 * cost before CDB-4.2.d's floor of 0. */
static int cost_terms(const grg_game *g, const int *units, int n, int extra, int distance,
                      int labels, grg_command *out, const cdb_board *b)
{
    const cdb_data *d = cdb_data_of(g);
    const cdb_state *st = cdb_cst(g);
    int cost = 0, corps = g->units[units[0]].corps;
    if (labels) {
        memset(out, 0, sizeof *out);
    } else {
        out->n_terms = -1;
        out->rule[0] = out->message[0] = '\0';
    }
    term(out, &cost, "CDB-P5",
         extra   ? "strategic impulse"
         : n > 1 ? "activate a group"
                 : "activate a unit",
         d->cost_activate);
    int irregular = 0;
    for (int i = 0; i < n; i++)
        irregular |= cdb_is_irregular(g, units[i]);
    if (irregular)
        term(out, &cost, "CDB-P5", "irregulars (refunded if every MP is spent)", d->cost_irregular);
    int cinc = cinc_commands(g, units, n, b);
    if (cinc && !st->cinc_used)
        term(out, &cost, "CDB-4.2.a", "commanded by the Commander-in-Chief", d->cost_cinc);
    int gen = g->sc->corps[corps].general, apart = general_apart(g, units, n);
    if (apart >= 0) {
        if (!cdb_on_map(g, apart))
            term(out, &cost, "CDB-4.2.c", "its general has left the map or was eliminated",
                 d->cost_engaged);
        else if (distance)
            distance_term(g, units, n, apart, out, &cost, b);
    }
    if (gen >= 0 && cdb_on_map(g, gen) && general_engaged(g, corps, gen, b))
        term(out, &cost, "CDB-4.2.c", "its general is adjacent to an enemy unit", d->cost_engaged);
    int raw = cost;
    if (cost < 0)
        cost = 0; /* CDB-4.2.d */
    out->cost = cost;
    out->available = st->ap[corps] + (cinc ? st->cinc_ap : 0);
    out->allowed = cost <= out->available;
    if (!labels)
        out->n_terms = 0;
    if (!out->allowed && labels) {
        snprintf(out->rule, sizeof out->rule, "CDB-4.2.d");
        snprintf(out->message, sizeof out->message,
                 "Corps %s has %d action points; this activation costs %d",
                 g->sc->corps[corps].name, out->available, cost);
    }
    return raw;
}

int cdb_command_cost(const grg_game *g, const int *units, int n, int extra, grg_command *out)
{
    cost_terms(g, units, n, extra, 1, 1, out, NULL);
    return 0;
}

int cdb_command_points(const grg_game *g, const int *units, int n, int extra)
{
    grg_command c;
    cost_terms(g, units, n, extra, 1, 0, &c, NULL);
    return c.cost;
}

static int min0(int v) { return v < 0 ? v : 0; }
static int max0(int v) { return v > 0 ? v : 0; }

/* CDB-4.2.d (speed only): bit c set when corps c could pay for some activation, alone or as a
 * group: the cheapest cost cost_terms can give (every optional term at its most favourable, the
 * CinC's -1 only for a corps with a CinC counter) against the most points it can have. A corps
 * without its bit has no activation and no group to start. In *sure, bit c set when corps c pays
 * for any activation: the dearest cost (every term at its worst) within the least points. */
uint32_t cdb_corps_may_pay(const grg_game *g, uint32_t *sure)
{
    const cdb_data *d = cdb_data_of(g);
    const cdb_state *st = cdb_cst(g);
    uint32_t cinc = 0, pays = 0;
    for (int u = 0; u < g->n_units; u++)
        if (cdb_is_cinc(g, u) && g->units[u].corps >= 0)
            cinc |= 1u << g->units[u].corps;
    *sure = 0;
    for (int c = 0; c < g->sc->n_corps; c++) {
        int has = (cinc >> c) & 1;
        int low = d->cost_activate + min0(d->cost_irregular) + min0(d->cost_far) +
                  min0(d->cost_engaged) + (has && !st->cinc_used ? min0(d->cost_cinc) : 0);
        int high = d->cost_activate + max0(d->cost_irregular) + max0(d->cost_far) +
                   max0(d->cost_engaged) + max0(d->cost_cinc);
        int most = st->ap[c] + (has ? max0(st->cinc_ap) : 0);
        int least = st->ap[c] + (has ? min0(st->cinc_ap) : 0);
        if (max0(low) <= most)
            pays |= 1u << c;
        if (max0(high) <= least)
            *sure |= 1u << c;
    }
    return pays;
}

/* The whole cost of the activation in *c (its terms when `labels` or `why`), and whether the corps
 * can pay it (CDB-4.2.d). */
int cdb_command_judge(const grg_game *g, const int *units, int n, int labels, grg_command *c,
                      grg_verdict *why, const cdb_board *b)
{
    int extra = g->units[units[0]].v[CDB_V_IMPULSES] > 0;
    cost_terms(g, units, n, extra, 1, labels || why, c, b);
    return c->allowed ? 0 : grg_refuse(why, c->rule, "%s", c->message);
}

/* cost_terms without labels or the CDB-4.2.b term, for legal's single units: their cost depends
 * on the corps and on whether the unit is irregular, the CinC or its corps' general, so legal's
 * memo keeps one per corps and kind (every unit of the active side is asked). */
static int single_cost(const grg_game *g, int u, grg_command *c, const cdb_board *b)
{
    int corps = g->units[u].corps, cinc = cdb_is_cinc(g, u) != 0;
    int kind = (cdb_is_irregular(g, u) != 0) << 2 | cinc << 1 | (g->sc->corps[corps].general != u);
    cdb_cmd_memo *m = b->memo;
    if (!(m->single_known[corps] >> kind & 1)) {
        m->single[corps][kind] = (int16_t)cost_terms(g, &u, 1, 0, 0, 0, c, b);
        m->single_known[corps] = (uint8_t)(m->single_known[corps] | 1u << kind);
    }
    const cdb_state *st = cdb_cst(g);
    int raw = m->single[corps][kind];
    c->cost = max0(raw);
    c->available = st->ap[corps] + (cinc ? st->cinc_ap : 0);
    return raw;
}

/* Whether the corps can pay for this activation (CDB-4.2.d). Without `why` (legal's question) the
 * command-distance search is skipped when its +1 cannot change the answer. */
int cdb_command_check(const grg_game *g, const int *units, int n, grg_verdict *why,
                      const cdb_board *b)
{
    grg_command c;
    int extra = g->units[units[0]].v[CDB_V_IMPULSES] > 0;
    if (!why && b && b->memo && (b->memo->sure >> g->units[units[0]].corps & 1))
        return 0; /* the corps pays for any activation */
    if (!why) {   /* the cost without its CDB-4.2.b term first, the term only if it matters */
        int cost = n == 1 && b && b->memo ? single_cost(g, units[0], &c, b)
                                          : cost_terms(g, units, n, extra, 0, 0, &c, b);
        if (c.cost > c.available)
            return -1;
        if (c.cost + cdb_data_of(g)->cost_far <= c.available)
            return 0;
        int gen = general_apart(g, units, n);
        c.n_terms = -1; /* the cost only */
        if (gen >= 0 && cdb_on_map(g, gen))
            distance_term(g, units, n, gen, &c, &cost, b);
        return max0(cost) <= c.available ? 0 : -1; /* CDB-4.2.d: the cost is at least 0 */
    }
    return cdb_command_judge(g, units, n, 0, &c, why, b);
}

/* Spends cost from the corps, the CinC's own point first where it may be used. */
int cdb_pay(grg_game *g, int corps, int cost, int cinc_ok)
{
    cdb_state *st = cdb_st(g);
    if (cinc_ok && st->cinc_ap > 0 && cost > 0) {
        int k = cost < st->cinc_ap ? cost : st->cinc_ap;
        st->cinc_ap = (int16_t)(st->cinc_ap - k);
        cost -= k;
    }
    st->ap[corps] = (int16_t)(st->ap[corps] - cost);
    return 0;
}
