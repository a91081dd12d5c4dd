/* What only cdb can judge in a scenario: qualities, facings, corps and generals (CDB-2.1, 4.3),
 * stacking (CDB-8), start hexes on passable ground and the scenario options' corps numbers. */
#include "cdb.h"

#include <stdio.h>
#include <string.h>

static int option_value(const grg_scenario *sc, const char *name, int def)
{
    for (int i = 0; i < sc->n_options; i++)
        if (strcmp(sc->options[i].name, name) == 0)
            return sc->options[i].value;
    return def;
}

static void check_units(const grg_scenario *sc, const cdb_data *d, grg_problems *out)
{
    for (int i = 0; i < sc->n_units; i++) {
        const grg_unit_def *u = &sc->units[i];
        char at[32];
        snprintf(at, sizeof at, "units[%d]", i);
        if (!strchr("SOIFX", u->quality) || !u->quality)
            grg_problem_add(out, at, "quality '%c' is not one of S, O, I, F, X (CDB-P1)",
                            u->quality);
        if (u->corps < 0)
            grg_problem_add(out, at, "every cdb unit belongs to a corps (CDB-2.1)");
        if (!d->type[u->type].baggage && (u->facing < 0 || u->facing > 5))
            grg_problem_add(out, at,
                            "facing is required (0-5) for every unit but baggage (CDB-6.1)");
        if (u->on_map) {
            int t = grg_map_terrain(&sc->map, u->hex);
            if (t < 0)
                grg_problem_add(out, at, "hex is off the map");
            else if (d->terrain[t].cls == CDB_IMPASSABLE)
                grg_problem_add(out, at, "starts on impassable terrain (CDB-P4)");
        }
    }
}

/* CDB-8: counters sharing a hex must be one corps, one facing, distinct ranks, an allowed stack. */
static void check_stacks(const grg_scenario *sc, const cdb_data *d, grg_problems *out)
{
    int army_list = option_value(sc, "army_list_ranks", 0);
    for (int i = 0; i < sc->n_units; i++) {
        const grg_unit_def *u = &sc->units[i];
        if (!u->on_map)
            continue;
        int types[4] = {-1, -1, -1, -1}, n = 0, first = 1;
        for (int j = 0; j < i; j++)
            first &= !(sc->units[j].on_map && grg_hex_eq(sc->units[j].hex, u->hex));
        if (!first)
            continue; /* the hex's first unit speaks for it */
        for (int j = i + 1; j < sc->n_units; j++) {
            const grg_unit_def *v = &sc->units[j];
            if (!v->on_map || !grg_hex_eq(v->hex, u->hex))
                continue;
            char at[32];
            snprintf(at, sizeof at, "units[%d]", j);
            if (v->side != u->side)
                grg_problem_add(out, at, "shares its hex with an enemy unit (CDB-8.c)");
            else if (v->corps != u->corps)
                grg_problem_add(out, at, "only units of one corps may stack (CDB-8.b)");
            else if (v->facing != u->facing)
                grg_problem_add(out, at, "stacked units share one facing (CDB-8.1.d)");
        }
        int dup = 0;
        for (int j = 0; j < sc->n_units; j++) {
            const grg_unit_def *v = &sc->units[j];
            if (v->on_map && grg_hex_eq(v->hex, u->hex) && v->stack >= 0 && v->stack < 3) {
                dup |= types[v->stack] >= 0;
                types[v->stack] = v->type;
                n++;
            }
        }
        char at[32];
        snprintf(at, sizeof at, "units[%d].hex", i);
        if (n > 3 || (n > 1 && (types[0] < 0 || types[1] < 0 || (n == 3 && types[2] < 0))) || dup)
            grg_problem_add(
                out, at,
                "the counters of a stack take positions 0, 1, 2 from the top, at most 3 (CDB-8.a)");
        else if (n > 1 && !cdb_stack_allowed(d, army_list, types, n))
            grg_problem_add(out, at,
                            "this stack is not allowed by the ranks of support (CDB-8.a, CDB-P6)");
    }
}

/* CDB-2.1: one CinC per side; each corps has a general of its own; at most one allied corps. */
static void check_command(const grg_scenario *sc, grg_problems *out)
{
    for (int s = 0; s < sc->n_sides; s++) {
        int cinc = 0, allied = 0;
        for (int i = 0; i < sc->n_units; i++)
            cinc += sc->units[i].cinc && sc->units[i].side == s;
        for (int c = 0; c < sc->n_corps; c++)
            allied += sc->corps[c].allied && sc->corps[c].side == s;
        char at[32];
        snprintf(at, sizeof at, "sides[%d]", s);
        if (cinc != 1)
            grg_problem_add(out, at,
                            "each side has exactly one Commander-in-Chief (cinc), not %d (CDB-2.1)",
                            cinc);
        if (allied > 1)
            grg_problem_add(out, at, "an army has at most one allied corps (CDB-4.3)");
    }
    for (int c = 0; c < sc->n_corps; c++) {
        char at[32];
        snprintf(at, sizeof at, "corps[%d].general", c);
        if (sc->corps[c].general < 0)
            grg_problem_add(out, at, "every corps is led by a general (CDB-2.1)");
        else if (!sc->units[sc->corps[c].general].general && !sc->units[sc->corps[c].general].cinc)
            grg_problem_add(out, at, "the corps' general must be a unit marked general (CDB-2.1)");
    }
    const char *corps_opts[] = {"frozen_corps", "surprised_corps"};
    for (int k = 0; k < 2; k++)
        if (option_value(sc, corps_opts[k], 0) > sc->n_corps) {
            char at[48];
            snprintf(at, sizeof at, "options.%s", corps_opts[k]);
            grg_problem_add(out, at, "there are only %d corps", sc->n_corps);
        }
}

int cdb_validate(const grg_scenario *sc, grg_problems *out)
{
    int before = out->n;
    const cdb_data *d = (const cdb_data *)sc->data->ext;
    check_units(sc, d, out);
    check_stacks(sc, d, out);
    check_command(sc, out);
    return out->n - before;
}
