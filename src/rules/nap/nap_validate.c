/* nap scenario validation: what only nap can judge in a scenario (NAP-P1, P2): strengths, arms
 * against unit types, ranges, movement allowances, no facings, stacking, reinforcement entries. */
#include "rules/nap/nap.h"

#include <stdio.h>
#include <string.h>

static int scenario_option(const grg_scenario *sc, const char *name, int def)
{
    for (int i = 0; i < sc->n_options; i++)
        if (strcmp(sc->options[i].name, name) == 0)
            return sc->options[i].value;
    return def;
}

static void check_unit(const grg_scenario *sc, const grg_nap_data *nd, int i, grg_problems *out)
{
    const grg_unit_def *u = &sc->units[i];
    char path[96];
    const nap_type *t = &nd->type[u->type];
    int arm = u->arm >= 0 ? u->arm : t->arm;
    if (u->strength < 1) {
        snprintf(path, sizeof path, "units[%d].strength", i);
        grg_problem_add(out, path,
                        "%s has strength %d; a nap combat unit has strength 1 or more (NAP-P1).",
                        u->id, u->strength);
    }
    if (u->arm >= 0 && u->arm != t->arm) {
        snprintf(path, sizeof path, "units[%d].arm", i);
        grg_problem_add(out, path, "%s is a %s but its arm is %s; the type's arm is %s (NAP-P1).",
                        u->id, sc->data->types[u->type].id, grg__nap_arm_name(u->arm),
                        grg__nap_arm_name(t->arm));
    }
    int range = u->range >= 0 ? u->range : t->range;
    snprintf(path, sizeof path, "units[%d].range", i);
    if (arm == NAP_ART && range < 2)
        grg_problem_add(
            out, path,
            "%s is artillery with range %d; bombardment needs a range of 2 or more (NAP-8.1).",
            u->id, range);
    if (arm != NAP_ART && range > 0)
        grg_problem_add(out, path, "%s is not artillery and cannot have a range (NAP-P1).", u->id);
    if (u->facing >= 0) {
        snprintf(path, sizeof path, "units[%d].facing", i);
        grg_problem_add(out, path, "%s has a facing; nap units have none (NAP-P1).", u->id);
    }
    if (u->ma < -1 || (u->ma < 0 && t->ma < 0)) {
        snprintf(path, sizeof path, "units[%d].ma", i);
        grg_problem_add(out, path, "%s has no valid movement allowance.", u->id);
    }
}

int grg__nap_validate(const grg_scenario *sc, grg_problems *out)
{
    const grg_nap_data *nd = (const grg_nap_data *)sc->data->ext;
    int before = out->n + out->dropped;
    int limit = scenario_option(sc, "stack_limit", 1);
    char path[96];
    if (sc->n_sides != 2)
        grg_problem_add(out, "sides", "A nap battle has two sides, not %d.", sc->n_sides);
    for (int i = 0; i < sc->n_units; i++) {
        check_unit(sc, nd, i, out);
        if (!sc->units[i].on_map)
            continue;
        int here = 0;
        for (int j = 0; j < i; j++)
            here += sc->units[j].on_map && grg_hex_eq(sc->units[j].hex, sc->units[i].hex);
        if (here == limit) {
            snprintf(path, sizeof path, "units[%d].hex", i);
            grg_problem_add(out, path,
                            "%s exceeds the stacking limit of %d unit%s per hex (NAP-P2).",
                            sc->units[i].id, limit, limit > 1 ? "s" : "");
        }
    }
    for (int r = 0; r < sc->n_reinf; r++) {
        snprintf(path, sizeof path, "reinforcements[%d].entry", r);
        if (sc->reinf[r].n_entry == 0)
            grg_problem_add(out, path, "A reinforcement needs at least one entry hex (NAP-P9).");
        for (int k = 0; k < sc->reinf[r].n_entry; k++)
            if (!grg_map_contains(&sc->map, sc->reinf[r].entry[k]))
                grg_problem_add(out, path, "Entry hex %d is off the map (NAP-P9).", k);
    }
    return out->n + out->dropped - before;
}
