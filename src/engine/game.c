/* The game handle: creation from a ruleset, a scenario, options and a seed; clone; the checked
 * entry points into the ruleset (legal, check, apply, queries); the state hash. */
#include "internal.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_err(grg_err *err, const char *msg)
{
    if (err) {
        err->code = -1;
        snprintf(err->message, sizeof err->message, "%s", msg);
    }
}

/* Copies the scenario's units into the state; the ruleset's setup completes them. */
static void place_units(grg_game *g)
{
    const grg_scenario *sc = g->sc;
    g->n_units = sc->n_units;
    for (int i = 0; i < sc->n_units; i++) {
        const grg_unit_def *d = &sc->units[i];
        grg_unit *u = &g->units[i];
        u->hex = d->hex;
        u->facing = (int16_t)d->facing;
        u->status = d->on_map ? GRG_UNIT_ON_MAP : GRG_UNIT_WAITING;
        u->side = (int16_t)d->side;
        u->corps = (int16_t)d->corps;
        u->type = (int16_t)d->type;
        u->stack = (int16_t)d->stack;
        u->strength = (int16_t)d->strength;
        u->ma = (int16_t)d->ma;
    }
}

grg_game *grg_game_new(const grg_ruleset *rs, const grg_scenario *sc, const grg_options *opt,
                       uint64_t seed, grg_events *ev, grg_err *err)
{
    if (!rs || !sc) {
        set_err(err, "no ruleset or scenario");
        return NULL;
    }
    if (strcmp(rs->name, sc->ruleset) != 0) {
        char msg[128];
        snprintf(msg, sizeof msg, "scenario %s is for the %s ruleset, not %s", sc->id, sc->ruleset,
                 rs->name);
        set_err(err, msg);
        return NULL;
    }
    size_t cache = rs->cache_size ? rs->cache_size(sc) : 0;
    if (rs->state_size > GRG_RS_STATE_MAX || sc->n_units > GRG_MAX_UNITS ||
        cache > GRG_RS_CACHE_MAX) {
        set_err(err, "the scenario or the ruleset state exceeds the engine's limits");
        return NULL;
    }
    size_t bytes = sizeof(grg_game) + grg_rs_state_bytes(rs) + cache;
    grg_game *g = calloc(1, bytes);
    if (!g) {
        set_err(err, "out of memory");
        return NULL;
    }
    g->rs = rs;
    g->sc = sc;
    g->bytes = bytes;
    g->seed = seed;
    grg__rng_seed(g->rng, seed);
    if (grg__options_resolve(rs, sc, opt, g->opt, err) < 0) {
        free(g);
        return NULL;
    }
    g->turn = 1;
    g->active = sc->first_side;
    g->winner = -1;
    place_units(g);
    if (rs->setup(g, ev) < 0) {
        set_err(err, "the ruleset could not set up this scenario");
        free(g);
        return NULL;
    }
    g->undo_mark = 0;
    return g;
}

grg_game *grg_game_clone(const grg_game *g)
{
    grg_game *c = malloc(g->bytes);
    if (c)
        memcpy(c, g, g->bytes);
    return c;
}

void grg_game_copy(grg_game *dst, const grg_game *src) { memcpy(dst, src, src->bytes); }

void grg_game_free(grg_game *g) { free(g); }

size_t grg_game_size(const grg_game *g) { return g->bytes; }

const char *grg_phase_name(const grg_game *g) { return g->rs->phase_name(g); }

/* Refuses actions whose unit or target index is not a unit of the game. */
static int check_indices(const grg_game *g, const grg_action *a, grg_verdict *why)
{
    if (a->type <= GRG_A_NONE || a->type >= GRG_A_COUNT)
        return grg_refuse(why, "GRG-ACTION", "There is no action of type %d.", a->type);
    if (a->unit < -1 || a->unit >= g->n_units || a->target < -1 || a->target >= g->n_units)
        return grg_refuse(why, "GRG-ACTION", "The action names a unit that does not exist.");
    return 0;
}

/* The engine's refusals, before the ruleset is asked: a finished game, an unknown action type or
 * unit. */
static int check_game(const grg_game *g, const grg_action *a, grg_verdict *why)
{
    if (g->over)
        return grg_refuse(why, "GRG-OVER", "The game is over: %s", g->result);
    return check_indices(g, a, why);
}

int grg_check(const grg_game *g, const grg_action *a, grg_verdict *why)
{
    if (check_game(g, a, why) < 0)
        return -1;
    return g->rs->check(g, a, why);
}

/* The ruleset's apply judges the action itself (ruleset.h): check's verdict, from the same work
 * that applies it. */
int grg_apply(grg_game *g, const grg_action *a, grg_events *ev, grg_verdict *why)
{
    if (check_game(g, a, why) < 0)
        return -1;
    int32_t active = g->active;
    if (g->rs->apply(g, a, ev, why) < 0)
        return -1;
    g->n_actions++;
    if (g->active != active)
        g->undo_mark = g->n_actions;
    return 0;
}

int grg_apply_all(grg_game *g, const grg_action *acts, int n, grg_events *ev, grg_verdict *why,
                  int *failed)
{
    grg_game *tmp = grg_game_clone(g);
    if (!tmp)
        return grg_refuse(why, "GRG-MEMORY", "Out of memory.");
    int start = ev ? ev->n : 0;
    for (int i = 0; i < n; i++) {
        if (grg_apply(tmp, &acts[i], ev, why) < 0) {
            if (failed)
                *failed = i;
            if (ev)
                ev->n = start;
            grg_game_free(tmp);
            return -1;
        }
    }
    grg_game_copy(g, tmp);
    grg_game_free(tmp);
    return 0;
}

static int check_units(const grg_game *g, const int *units, int n, grg_verdict *why)
{
    for (int i = 0; i < n; i++)
        if (units[i] < 0 || units[i] >= g->n_units)
            return grg_refuse(why, "GRG-ACTION", "The query names a unit that does not exist.");
    return 0;
}

int grg_units_wanted(const int *units, int n, int u)
{
    if (n <= 0)
        return 1;
    for (int i = 0; i < n; i++)
        if (units[i] == u)
            return 1;
    return 0;
}

int grg_legal(const grg_game *g, const int *units, int n, grg_action_list *out)
{
    out->n = 0;
    out->truncated = 0;
    if (g->over || check_units(g, units, n, NULL) < 0)
        return 0;
    return g->rs->legal(g, units, n, out);
}

int grg_los(const grg_game *g, grg_hex from, grg_hex to, grg_los_result *out)
{
    memset(out, 0, sizeof *out);
    if (g->rs->los)
        return g->rs->los(g, from, to, out);
    return grg_los_terrain(g, from, to, out);
}

static int no_query(const grg_game *g, const char *what, grg_verdict *why)
{
    return grg_refuse(why, "GRG-QUERY", "The %s ruleset has no %s query.", g->rs->name, what);
}

int grg_query_reach(const grg_game *g, const int *units, int n, grg_reach *out, grg_verdict *why)
{
    out->n = 0;
    out->truncated = 0;
    if (!g->rs->reach)
        return no_query(g, "reach", why);
    if (n <= 0 || check_units(g, units, n, why) < 0)
        return n <= 0 ? grg_refuse(why, "GRG-QUERY", "Reach needs a unit or a group.") : -1;
    return g->rs->reach(g, units, n, out, why);
}

int grg_query_zoc(const grg_game *g, grg_zoc *out)
{
    out->n = 0;
    out->truncated = 0;
    return g->rs->zoc ? g->rs->zoc(g, out) : -1;
}

int grg_query_command(const grg_game *g, const int *units, int n, grg_command *out,
                      grg_verdict *why)
{
    memset(out, 0, sizeof *out);
    if (!g->rs->command)
        return no_query(g, "command", why);
    if (n <= 0 || check_units(g, units, n, why) < 0)
        return n <= 0 ? grg_refuse(why, "GRG-QUERY", "Command needs a unit or a group.") : -1;
    return g->rs->command(g, units, n, out);
}

/* Empties a preview: its texts and counts, not the 4.4 KB of term and outcome slots the counts
 * say are unused (clearing those took 7% of an AI game, which previews every fight it weighs). */
static void preview_clear(grg_preview *p)
{
    p->kind[0] = p->odds[0] = '\0';
    p->attacker.total = p->attacker.n_terms = 0;
    p->defender.total = p->defender.n_terms = 0;
    p->n_die_terms = p->n_outcomes = 0;
}

int grg_query_preview(const grg_game *g, const grg_action *acts, int n, grg_preview *out,
                      grg_verdict *why)
{
    preview_clear(out);
    if (!g->rs->preview)
        return no_query(g, "preview", why);
    for (int i = 0; i < n; i++)
        if (check_indices(g, &acts[i], why) < 0)
            return -1;
    return g->rs->preview(g, acts, n, out, why);
}

struct terrain_ctx {
    const grg_game *g;
};

static int terrain_blocks(void *ctx, grg_hex h)
{
    const grg_game *g = ((struct terrain_ctx *)ctx)->g;
    int t = grg_map_terrain(&g->sc->map, h);
    return t >= 0 && g->sc->data && t < g->sc->data->n_terrain &&
           g->sc->data->terrain[t].blocks_los;
}

int grg_los_terrain(const grg_game *g, grg_hex from, grg_hex to, grg_los_result *out)
{
    struct terrain_ctx ctx = {g};
    grg_los_item at;
    memset(out, 0, sizeof *out);
    int policy = g->sc->data ? g->sc->data->los_policy : GRG_LOS_STRICT;
    out->clear = grg_los_clear(from, to, (grg_los_policy)policy, terrain_blocks, NULL, &ctx, &at);
    if (!out->clear) {
        int side = at.kind == GRG_LOS_SIDE_CROSSED || at.kind == GRG_LOS_SIDE_RUN;
        out->blocked_kind = side ? 2 : 1;
        out->at = at.hex;
        out->at2 = at.other;
        snprintf(out->rule, sizeof out->rule, "A.6.2");
        snprintf(out->reason, sizeof out->reason, "terrain blocks the line of sight");
    }
    return 0;
}

uint64_t grg_game_hash(const grg_game *g)
{
    const unsigned char *p = (const unsigned char *)g + offsetof(grg_game, seed);
    const unsigned char *end = (const unsigned char *)g + grg_game_state_end(g);
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; p < end; p++) {
        h ^= *p;
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* The first counter with the least stack position at h. Positions are never negative (the
 * scenario loader takes 0 to 2, the rulesets only restack), so the first at 0 ends the scan. */
int grg_unit_at(const grg_game *g, grg_hex h)
{
    int best = -1;
    const grg_unit *x = g->units;
    for (int i = 0; i < g->n_units; i++) {
        if (x[i].hex.q != h.q || x[i].hex.r != h.r || x[i].status != GRG_UNIT_ON_MAP)
            continue;
        if (x[i].stack == 0)
            return i;
        if (best < 0 || x[i].stack < x[best].stack)
            best = i;
    }
    return best;
}

void grg_game_end(grg_game *g, int winner, const char *reason, grg_events *ev)
{
    g->over = 1;
    g->winner = winner;
    snprintf(g->result, sizeof g->result, "%s", reason);
    grg_event *e = grg_event_push(ev, GRG_EV_GAME_OVER);
    if (e) {
        e->side = (int16_t)winner;
        snprintf(e->text, sizeof e->text, "%s", reason);
    }
}
