/* What the plan player leaves out of the plan it plays (docs/ai.md, `plan`, item 5): activations
 * it would start and end with nothing done, turns it would undo at once, and units it would lead
 * out and back. The judgement counts points only where they were needed, so plans keep such moves
 * wherever points are to spare, and a player watching the AI would see them. */
#include "plan.h"

#include <string.h>

/* The actions at the start of pl that activate a unit or group and end the activation with
 * nothing done in it (no step, turn or other order between), one such activation after another. */
static int idle_lead(const plan *pl)
{
    int i = 0;
    for (;;) {
        int j = i;
        while (j < pl->n && grg__ai_starts_activation(&pl->a[j]))
            j++;
        if (j == i || j == pl->n || pl->a[j].type != GRG_A_END_ACTIVATION)
            return i;
        i = j + 1;
    }
}

/* Drops from pl each turn that the plan's next action undoes (the same unit turned back), and
 * so on while such pairs meet (left, left, right, right goes whole): a unit that turns and turns
 * back has spent movement points for nothing, which the judgement counts only where the points
 * were needed, so a plan's mutations leave such pairs in (one in two to four cdb skirmish games,
 * docs/ai-log.md's thirty-sixth pass), and a player watching sees a counter wheel and go back. */
static void drop_undone_turns(plan *pl)
{
    int n = 0;
    for (int i = 0; i < pl->n; i++) {
        const grg_action *a = &pl->a[i];
        if (n > 0 && grg__ai_turns_back(&pl->a[n - 1], a))
            n--;
        else
            pl->a[n++] = *a;
    }
    pl->n = n;
}

/* Copies pl's actions into to, leaving to's value and decision as they were. */
static void copy_actions(plan *to, const plan *pl)
{
    to->n = pl->n;
    memcpy(to->a, pl->a, (size_t)pl->n * sizeof pl->a[0]);
}

/* Makes pl the actions of kept from its k-th on (kept may be pl), where that action is legal here
 * (in legal); else leaves pl be. */
static void adopt(plan *pl, const plan *kept, int k, const grg_action_list *legal)
{
    if (k >= kept->n)
        return;
    for (int i = 0; i < legal->n; i++)
        if (grg_action_eq(&legal->items[i], &kept->a[k])) {
            memmove(pl->a, kept->a + k, (size_t)(kept->n - k) * sizeof pl->a[0]);
            pl->n = kept->n - k;
            return;
        }
}

/* Leaves out of pl what its first actions would spend for nothing, where the action after them is
 * legal here: turns undone at once (drop_undone_turns, anywhere in the plan, so that an
 * activation holding nothing else is seen idle) and the activations it starts and ends idle. Those
 * change nothing but the points spent, which the judgement does not count, so plans keep them where
 * points are to spare (one to four idle activations a cdb skirmish game, thirty-third pass), and a
 * player watching the AI would see a unit activated, or turned, for nothing. */
static void skip_wasted(plan *pl, const grg_action_list *legal)
{
    plan kept;
    copy_actions(&kept, pl);
    drop_undone_turns(&kept);
    int k = idle_lead(&kept);
    if (k > 0 || kept.n < pl->n)
        adopt(pl, &kept, k, legal);
}

/* True when a, played next, leaves last (the action played before it) spent for nothing: the
 * activation last began ended with nothing done, or the turn it made turned back. */
static int wastes(const grg_action *last, const grg_action *a)
{
    return (grg__ai_starts_activation(last) && a->type == GRG_A_END_ACTIVATION) ||
           grg__ai_turns_back(last, a);
}

static int stood(const stand *l, int n, int unit, grg_hex hex)
{
    for (int i = 0; i < n; i++)
        if (l[i].unit == unit && grg_hex_eq(l[i].hex, hex))
            return 1;
    return 0;
}

void grg__plan_note_visits(plan_seen *seen, const grg_game *g, int fresh)
{
    if (fresh)
        seen->n_visits = 0;
    for (int i = 0; i < g->n_units && seen->n_visits < MAX_VISITS; i++) {
        const grg_unit *u = &g->units[i];
        if (u->side == g->active && u->status == GRG_UNIT_ON_MAP &&
            !stood(seen->visits, seen->n_visits, i, u->hex))
            seen->visits[seen->n_visits++] = (stand){i, u->hex};
    }
}

/* True when the move pl begins with (its actions to the end of the activation they are in, or
 * begin) steps a unit back into a hex it stood in earlier this phase, or earlier in that move:
 * movement points spent to come back, which the judgement counts only where they were needed.
 * A plan's drawn completions wander so (a battery at Quatre-Bras stepping out and back within one
 * activation), and the population, evolved again at each decision, finds now and then a plan that
 * brings back a unit an earlier activation moved (Egypt's archers on the cdb skirmish: 32 steps
 * back in 100 games; docs/ai-log.md's forty-fifth pass). */
static int walks_back(const plan_seen *seen, const grg_action *move, int n_move)
{
    stand from[MAX_PLAN];
    int n = 0;
    for (int i = 0; i < n_move; i++) {
        const grg_action *a = &move[i];
        if (a->type == GRG_A_END_ACTIVATION || a->type == GRG_A_END_PHASE)
            break;
        if (a->type != GRG_A_STEP)
            continue;
        if (stood(seen->visits, seen->n_visits, a->unit, a->hex) || stood(from, n, a->unit, a->hex))
            return 1;
        from[n++] = (stand){a->unit, a->hex};
    }
    return 0;
}

/* Whether pl may be played as it stands: its first action leaves the last choice spent for
 * something (wastes) and its move does not walk a unit back (walks_back). */
static int sound(const plan_seen *seen, const plan *pl)
{
    return pl->n > 0 && !wastes(&seen->prior, &pl->a[0]) && !walks_back(seen, pl->a, pl->n);
}

/* Sets at to the hex unit u stands in before the i-th action of pl played from g, where every step
 * before it names u; returns 0 where one names another unit (which might move u with it, as a
 * group moves rigidly whichever member a step names: CDB-9.4). */
static int hex_before(const grg_game *g, const plan *pl, int i, int u, grg_hex *at)
{
    *at = g->units[u].hex;
    for (int k = 0; k < i; k++)
        if (pl->a[k].type == GRG_A_STEP) {
            if (pl->a[k].unit != u)
                return 0;
            *at = pl->a[k].hex;
        }
    return 1;
}

/* Cuts out of the move pl begins with (walks_back's) each loop a unit walks: steps of one unit,
 * one after another, that bring it back into a hex it stood in at their start or between them
 * (a group with it: it moves rigidly). Those steps change nothing but the movement points spent
 * (a step keeps the unit's facing); the unit goes on as the plan had it
 * (a French battalion of the nap skirmish went 0606, 0607, 0606, 0506 within one activation). */
static void cut_loops(const grg_game *g, plan *pl)
{
    int i = 0;
    while (i < pl->n && pl->a[i].type != GRG_A_END_ACTIVATION && pl->a[i].type != GRG_A_END_PHASE) {
        if (pl->a[i].type != GRG_A_STEP) {
            i++;
            continue;
        }
        int u = pl->a[i].unit, cut = 0;
        grg_hex path[MAX_PLAN + 1];
        int from = hex_before(g, pl, i, u, &path[0]) ? 0 : 1; /* path[0] known, or not */
        for (int k = i; k < pl->n && !cut && pl->a[k].type == GRG_A_STEP && pl->a[k].unit == u;
             k++) {
            int m = k - i + 1;
            path[m] = pl->a[k].hex;
            for (int j = from; j < m && !cut; j++)
                if (grg_hex_eq(path[j], path[m])) { /* the steps after j to m bring it back */
                    memmove(pl->a + i + j, pl->a + k + 1,
                            (size_t)(pl->n - k - 1) * sizeof pl->a[0]);
                    pl->n -= m - j;
                    cut = 1;
                }
        }
        if (!cut)
            i++;
    }
}

/* Where every member of the population walks a unit back (they share the start they were evolved
 * from), the best plan pl is played without the walk where it can be: the whole activations at its
 * start whose moves walk one back are left out, and then the loops its move walks (cut_loops),
 * each where the action it would then begin with is legal here. 12 steps back in 100 Egypt games
 * of the cdb skirmish came from this fallback; with those activations left out, 2 (docs/ai-log.md,
 * forty-fifth and forty-sixth passes). */
static void skip_walks(const grg_game *g, const grg_action_list *legal, const plan_seen *seen,
                       plan *pl)
{
    int k = 0;
    while (k < pl->n && grg__ai_starts_activation(&pl->a[k]) &&
           walks_back(seen, pl->a + k, pl->n - k)) {
        int j = k;
        while (j < pl->n && pl->a[j].type != GRG_A_END_ACTIVATION &&
               pl->a[j].type != GRG_A_END_PHASE)
            j++;
        if (j + 1 >= pl->n || pl->a[j].type != GRG_A_END_ACTIVATION)
            break;
        k = j + 1;
    }
    if (k > 0)
        adopt(pl, pl, k, legal);
    if (!walks_back(seen, pl->a, pl->n))
        return;
    plan kept;
    copy_actions(&kept, pl);
    cut_loops(g, &kept);
    if (kept.n < pl->n)
        adopt(pl, &kept, 0, legal);
}

/* The plan to play is best, its wasted moves left out (skip_wasted), unless it is not sound: its
 * first action would leave the player's last choice spent for nothing (wastes), or its move walks
 * a unit back (walks_back). Then it is the best member that is sound, its wasted moves left out;
 * when none is, best, the walk left out where it can be (skip_walks).
 * The population, evolved again since the last choice, finds now and then a plan that undoes it
 * (an activation ended empty in 3 of 12 cdb skirmish games against itself, in one Hittite game in
 * eighteen against greedy: docs/ai-log.md's thirty-seventh pass); the points are spent by then,
 * and a player watching would see a unit activated for nothing, or led out and back, so the unit
 * does what the best plan that uses it does, judged a little worse. */
plan *grg__plan_to_play(const grg_game *g, const grg_action_list *legal, const plan_seen *seen,
                        plan *members, int n, plan *best)
{
    skip_wasted(best, legal);
    if (best->n == 0 || sound(seen, best))
        return best;
    for (int i = 0; i < n; i++) {
        plan *m = &members[i];
        skip_wasted(m, legal);
        if (sound(seen, m))
            return m;
    }
    skip_walks(g, legal, seen, best);
    return best;
}
