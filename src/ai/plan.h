/* What the plan player's two files share: a plan, and where the player's units have stood this
 * phase (plan.c evolves and judges plans; plan_tidy.c leaves out of the plan played what would
 * spend points for nothing). */
#ifndef GRG_AI_PLAN_H
#define GRG_AI_PLAN_H

#include "ai_internal.h"

#define MAX_PLAN 256    /* our actions in a plan */
#define MAX_VISITS 2048 /* the hexes our units stood in this phase, kept for walks_back */

typedef struct plan {
    int n;
    double value;
    uint64_t decision; /* the decision whose state `value` judges it from (plan_ai.decisions) */
    grg_action a[MAX_PLAN];
} plan;

/* A unit and a hex it stood in. */
typedef struct stand {
    int unit;
    grg_hex hex;
} stand;

/* What the player has played this phase, as seen at its decisions. */
typedef struct plan_seen {
    grg_action prior; /* its choice where the game has moved on from it this phase, or none */
    int n_visits;     /* where our units have stood */
    stand visits[MAX_VISITS];
} plan_seen;

/* Notes where the side to act's units stand in g: on a fresh list when the turn, the phase or the
 * side to act has changed since the last decision (as the population starts afresh). */
void grg__plan_note_visits(plan_seen *seen, const grg_game *g, int fresh);

/* The plan to play of the n members, best among them, at g (where the actions in legal are
 * legal): best, or the member that plays instead, with what it would spend for nothing left out
 * (plan_tidy.c). Members may lose their first actions. */
plan *grg__plan_to_play(const grg_game *g, const grg_action_list *legal, const plan_seen *seen,
                        plan *members, int n, plan *best);

#endif
