/* Demoralisation and victory (CDB-P12..P14, with the allied-corps effects of CDB-4.3.c/d). */
#include "cdb.h"

#include <stdio.h>
#include <string.h>

static int threshold(const grg_game *g, int c)
{
    int div = g->opt[CDB_OPT_SURPRISED_CORPS] == c + 1 ? g->opt[CDB_OPT_SURPRISE_DIV]
                                                       : cdb_data_of(g)->demoralise_div;
    return (cdb_cst(g)->start_n[c] + div - 1) / div;
}

/* The nationality of a side's army: that of its CinC's corps [P]. */
static const char *army_nationality(const grg_game *g, int side)
{
    for (int u = 0; u < g->n_units; u++)
        if (cdb_is_cinc(g, u) && g->sc->units[u].side == side)
            return g->sc->corps[g->units[u].corps].nationality;
    return "";
}

static void status(grg_game *g, int c, const char *rule, const char *text, grg_events *ev)
{
    grg_event *e = grg_event_push(ev, GRG_EV_STATUS);
    if (!e)
        return;
    e->corps = (int16_t)c;
    e->side = (int16_t)cdb_corps_side(g, c);
    snprintf(e->rule, sizeof e->rule, "%s", rule);
    snprintf(e->text, sizeof e->text, "Corps %s %s", g->sc->corps[c].name, text);
}

/* CDB-4.3.c/d: what a newly demoralised corps does to the allied corps. */
static void allied_effects(grg_game *g, int c, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    int side = cdb_corps_side(g, c);
    for (int k = 0; k < g->sc->n_corps; k++) {
        if (!(st->cflags[k] & CDB_CF_UNRELIABLE))
            continue;
        if (cdb_corps_side(g, k) != side) {
            cdb_make_reliable(g, k, "an enemy corps is demoralised", ev);
        } else if (g->sc->corps[k].allied && !(st->cflags[k] & CDB_CF_DEFECTING) &&
                   strcmp(g->sc->corps[k].nationality, army_nationality(g, side)) != 0) {
            st->cflags[k] |= CDB_CF_DEFECTING;
            status(g, k, "CDB-4.3.d", "changes side: the enemy takes control next turn", ev);
        }
    }
}

/* CDB-P14: does this side's army lose now? Says why in `why`. Its demoralised corps are those
 * fighting for it now; the army they are measured against is the same corps, or with the option
 * army_count = setup the corps it was set up with (a corps that changed side, CDB-4.3.d, counted
 * in its old army: docs/rules-notes/cdb.md). */
static int army_lost(const grg_game *g, int side, char *why, size_t size)
{
    const cdb_state *st = cdb_cst(g);
    const cdb_data *d = cdb_data_of(g);
    int total = 0, down = 0, any = 0, cinc_dead = 0, setup = g->opt[CDB_OPT_ARMY_COUNT];
    for (int c = 0; c < g->sc->n_corps; c++) {
        if ((setup ? g->sc->corps[c].side : cdb_corps_side(g, c)) == side)
            total += st->start_n[c];
        if (cdb_corps_side(g, c) != side)
            continue;
        if (st->cflags[c] & CDB_CF_DEMORALISED) {
            down += st->start_n[c];
            any = 1;
        }
    }
    for (int u = 0; u < g->n_units; u++)
        cinc_dead |= cdb_is_cinc(g, u) && g->units[u].side == side &&
                     g->units[u].status == GRG_UNIT_ELIMINATED;
    if (total > 0 && down * d->army_loss_den >= total * d->army_loss_num)
        return snprintf(why, size, "half of its army is in demoralised corps"), 1;
    if (cinc_dead && any)
        return snprintf(why, size, "its Commander-in-Chief is dead and a corps is demoralised"), 1;
    if (cinc_dead && g->opt[CDB_OPT_CINC_DEATH])
        return snprintf(why, size, "its Commander-in-Chief is dead"), 1;
    return 0;
}

void cdb_morale_check(grg_game *g, grg_events *ev)
{
    cdb_state *st = cdb_st(g);
    for (int c = 0; c < g->sc->n_corps; c++) {
        if ((st->cflags[c] & CDB_CF_DEMORALISED) || st->start_n[c] == 0 ||
            st->lost[c] < threshold(g, c))
            continue;
        st->cflags[c] |= CDB_CF_DEMORALISED;
        char text[96];
        snprintf(text, sizeof text, "is demoralised: %d of its %d units are lost", st->lost[c],
                 st->start_n[c]);
        status(g, c, "CDB-P12", text, ev);
        allied_effects(g, c, ev);
    }
    if (g->over)
        return;
    char why[2][96];
    int lost0 = army_lost(g, 0, why[0], sizeof why[0]);
    int lost1 = army_lost(g, 1, why[1], sizeof why[1]);
    if (!lost0 && !lost1)
        return;
    char reason[128];
    if (lost0 && lost1)
        snprintf(reason, sizeof reason, "CDB-P14: both armies break at once");
    else
        snprintf(reason, sizeof reason, "CDB-P14: %s loses, %s", g->sc->sides[lost0 ? 0 : 1].name,
                 why[lost0 ? 0 : 1]);
    grg_game_end(g, lost0 && lost1 ? -1 : lost0 ? 1 : 0, reason, ev);
}

/* CDB-P14 at the turn limit: the higher share of enemy counters destroyed wins. */
void cdb_victory_at_limit(grg_game *g, grg_events *ev)
{
    const cdb_state *st = cdb_cst(g);
    int lost[2] = {0, 0}, start[2] = {0, 0};
    for (int c = 0; c < g->sc->n_corps; c++) {
        int s = cdb_corps_side(g, c);
        lost[s] += st->lost[c];
        start[s] += st->start_n[c];
    }
    /* side 0's share of enemy destroyed: lost[1]/start[1]; compare by cross-multiplying */
    long a = (long)lost[1] * (start[0] > 0 ? start[0] : 1);
    long b = (long)lost[0] * (start[1] > 0 ? start[1] : 1);
    char reason[128];
    int winner = a > b ? 0 : a < b ? 1 : -1;
    snprintf(reason, sizeof reason, "CDB-P14: turn limit; %s destroyed %d of %d, %s %d of %d",
             g->sc->sides[0].name, lost[1], start[1], g->sc->sides[1].name, lost[0], start[0]);
    grg_game_end(g, winner, reason, ev);
}
