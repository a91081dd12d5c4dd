/* The preview query (CDB-10.4, 11.2): both totals of a proposed shot or melee with every term and
 * its rule id, and the exact chance of each outcome over the 36 pairs of dice, in the position the
 * melee is fought in (after the defender's CDB-11.2.a turn). */
#include "cdb.h"

#include <stdio.h>
#include <string.h>

/* The outcome kinds a preview lists: no effect, or one of the attacker's or the defender's
 * results (an index CDB_OUT_*). */
#define KINDS (1 + 2 * 4)

static int kind_of(int defender_loses, int code)
{
    return code == CDB_OUT_NONE ? 0 : 1 + 4 * defender_loses + code;
}

/* Each kind's code and words, in fields the size of the preview's, copied whole: the AI previews
 * thousands of fights a decision. Kinds 1 and 5 (a loser with no result) never occur. */
static const struct {
    char result[sizeof((grg_outcome *)0)->result];
    char text[sizeof((grg_outcome *)0)->text];
} kinds[KINDS] = {
    [0] = {"none", "no effect"},
    [1 + CDB_OUT_RECOIL] = {"A-recoil", "the attacker recoils"},
    [1 + CDB_OUT_DESTROY] = {"A-destroyed", "the attacker is destroyed"},
    [1 + CDB_OUT_FLEE] = {"A-flees", "the attacker flees"},
    [5 + CDB_OUT_RECOIL] = {"D-recoil", "the defender recoils"},
    [5 + CDB_OUT_DESTROY] = {"D-destroyed", "the defender is destroyed"},
    [5 + CDB_OUT_FLEE] = {"D-flees", "the defender flees"},
};

/* Writes outcome kind k with its count out of 36. */
static void put_outcome(grg_preview *p, int k, int num)
{
    if (p->n_outcomes >= GRG_MAX_OUTCOMES)
        return;
    grg_outcome *o = &p->outcomes[p->n_outcomes++];
    memcpy(o->result, kinds[k].result, sizeof o->result);
    memcpy(o->text, kinds[k].text, sizeof o->text);
    o->num = num;
    o->den = 36;
}

static void copy_side(grg_preview_side *s, const cdb_total *t)
{
    s->total = t->value;
    s->n_terms = t->n_terms;
    memcpy(s->terms, t->terms, sizeof t->terms[0] * (size_t)t->n_terms);
}

/* Enumerates the dice: a is the attacker (or shooter), d the defender; `exposed` says whether the
 * attacker can suffer (always in melee; counter-shooting in missile fire). The result of a beaten
 * unit depends on the difference of the totals only through its band (cdb_outcome_band), so each
 * band is judged once for each loser: the flank positions and recoil hexes behind a result are
 * looked for at most twice a preview, not for every difference. The outcomes are listed in the
 * order the dice first produce them. */
static void outcomes(const grg_game *g, int a, int d, const cdb_total *ta, const cdb_total *td,
                     int melee, int exposed, grg_preview *p)
{
    int memo[2][3] = {{-1, -1, -1}, {-1, -1, -1}};
    int count[KINDS] = {0}, order[KINDS], n = 0;
    for (int ra = 1; ra <= 6; ra++)
        for (int rd = 1; rd <= 6; rd++) {
            int va = ta->value + ra, vd = td->value + rd;
            cdb_quality_adjust(g, a, d, &va, &vd, melee, NULL, NULL);
            int k = 0;
            if (va > vd || (va < vd && exposed)) {
                int dl = va > vd, diff = dl ? va - vd : vd - va;
                int *code = &memo[dl][cdb_outcome_band(g, diff)];
                const char *rule, *why;
                if (*code < 0)
                    *code = dl ? cdb_outcome(g, a, d, diff, &rule, &why)
                               : cdb_outcome(g, d, a, diff, &rule, &why);
                k = kind_of(dl, *code);
            }
            if (!count[k]++)
                order[n++] = k;
        }
    for (int i = 0; i < n; i++)
        put_outcome(p, order[i], count[order[i]]);
}

int cdb_preview(const grg_game *g, const grg_action *acts, int n, grg_preview *out,
                grg_verdict *why)
{
    int att = -1, def = -1;
    cdb_total ta, td;
    for (int i = 0; i < n; i++) {
        if (acts[i].type == GRG_A_SHOOT) {
            if (cdb_could_shoot(g, acts[i].unit, acts[i].target) == 0) {
                if (cdb_check_shoot(g, &acts[i], why) < 0)
                    return -1; /* the reason a shot would be refused, with its rule */
                return grg_refuse(why, "CDB-10.2.a", "%s cannot shoot at %s",
                                  cdb_name(g, acts[i].unit), cdb_name(g, acts[i].target));
            }
            snprintf(out->kind, sizeof out->kind, "missile");
            cdb_missile_totals(g, acts[i].unit, acts[i].target, &ta, &td);
            copy_side(&out->attacker, &ta);
            copy_side(&out->defender, &td);
            outcomes(g, acts[i].unit, acts[i].target, &ta, &td, 0,
                     cdb_could_shoot(g, acts[i].target, acts[i].unit), out);
            return 0;
        }
        if (acts[i].type == GRG_A_ATTACKER)
            att = acts[i].unit;
        if (acts[i].type == GRG_A_DEFENDER)
            def = acts[i].unit;
    }
    if (att < 0 || def < 0 || !cdb_on_map(g, att) || !cdb_on_map(g, def) ||
        !cdb_enemies(g, att, def) || !cdb_in_front(g, att, g->units[def].hex))
        return grg_refuse(why, "CDB-11.1.a",
                          "A melee preview needs an attacker and an enemy in its frontal hexes");
    snprintf(out->kind, sizeof out->kind, "melee");
    /* CDB-11.2.a: the defender first turns to face its attacker; the totals, supports, flank
     * positions and results are those after that turn, so they are computed on a copy. */
    int pivot = cdb_defender_pivot(g, att, def);
    grg_game *c = pivot >= 0 ? grg_game_clone(g) : NULL;
    if (c) {
        int cs[3], k = cdb_stack(c, c->units[def].hex, cs);
        for (int j = 0; j < k; j++)
            c->units[cs[j]].facing = (int16_t)pivot;
    }
    const grg_game *at = c ? c : g;
    cdb_melee_totals(at, att, def, &ta, &td);
    copy_side(&out->attacker, &ta);
    copy_side(&out->defender, &td);
    outcomes(at, att, def, &ta, &td, 1, 1, out);
    grg_game_free(c);
    return 0;
}
