/* Actions, verdicts and events: the values that cross the engine API (design §2).
 * An action is one small choice; compound moves and declarations are sequences of them. */
#ifndef GROGNARD_ACTION_H
#define GROGNARD_ACTION_H

#include "grognard/hex.h"
#include "grognard/scenario.h"

#include <stdint.h>

typedef enum grg_action_type {
    GRG_A_NONE = 0,
    GRG_A_ACTIVATE,       /* unit: start its activation (an impulse in cdb) */
    GRG_A_GROUP_BEGIN,    /* unit: start a group activation with this unit as its first member */
    GRG_A_GROUP_ADD,      /* unit: add a member to the group being built */
    GRG_A_GROUP_CLOSE,    /* the group is complete: the activation starts (and is paid for) */
    GRG_A_STEP,           /* unit (a group: any member, the group moves) enters `hex` */
    GRG_A_TURN,           /* unit turns one vertex: arg +1 = left (f+1), -1 = right (f-1) */
    GRG_A_END_ACTIVATION, /* the current unit or group ends its activation */
    GRG_A_SHOOT,          /* unit shoots at target */
    GRG_A_COMBAT_BEGIN,   /* start declaring a combat (a melee in cdb) */
    GRG_A_ATTACKER,       /* unit joins the combat being declared as the next attacker;
                             nap ranged artillery names its target `hex` */
    GRG_A_DEFENDER,       /* unit joins as the next defender */
    GRG_A_COMBAT_CLOSE,   /* the declaration is complete: resolve it */
    GRG_A_BOMBARD,        /* unit (artillery) bombards target */
    GRG_A_CHARGE,         /* unit (cavalry) charges target through `hex` */
    GRG_A_RETREAT,        /* unit retreats (or recoils) into `hex` */
    GRG_A_ADVANCE,        /* unit advances after combat into `hex` */
    GRG_A_NO_ADVANCE,     /* decline the advance after combat */
    GRG_A_HOLD,           /* unit: keep it under control (impetuous) or hold it (demoralised) */
    GRG_A_PIVOT,          /* unit pivots to face vertex arg (pre-melee pivots) */
    GRG_A_END_PHASE,      /* the active side ends the current phase */
    GRG_A_COUNT
} grg_action_type;

/* One atomic action. Unused fields are -1 (unit, target) or 0. */
typedef struct grg_action {
    int16_t type;   /* grg_action_type */
    int16_t arg;    /* GRG_A_TURN: +1 left / -1 right; GRG_A_PIVOT: the facing */
    int16_t unit;   /* unit index */
    int16_t target; /* unit index */
    grg_hex hex;
} grg_action;

/* Builds an action; the other fields take their unused values. */
grg_action grg_action_make(grg_action_type type, int unit);
/* The protocol name of an action type ("step", "turn", ...) and its inverse (-1 if unknown). */
const char *grg_action_name(grg_action_type type);
int grg_action_type_from_name(const char *name);
int grg_action_eq(const grg_action *a, const grg_action *b);

/* A caller-owned list of actions. */
#define GRG_MAX_LEGAL 4096
typedef struct grg_action_list {
    int n;
    int truncated; /* more actions existed than fit */
    grg_action items[GRG_MAX_LEGAL];
} grg_action_list;
/* Appends; sets `truncated` when full. */
void grg_action_list_push(grg_action_list *l, grg_action a);

/* Why an action is refused: the rule that forbids it and a sentence a player understands. */
typedef struct grg_verdict {
    char rule[GRG_RULE_LEN];
    char message[256];
} grg_verdict;
/* Fills a verdict (printf-style message) and returns -1, so a check can `return grg_refuse(...)`.
 */
int grg_refuse(grg_verdict *why, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* One term of a die roll, a total or a preview: a named modifier and the rule behind it. */
typedef struct grg_term {
    char rule[GRG_RULE_LEN];
    char label[48];
    int32_t value;
} grg_term;

typedef enum grg_event_type {
    GRG_EV_PHASE = 0,  /* a new phase (text names it); turn and active side in value/side */
    GRG_EV_ACTIVATED,  /* unit (or group leader) activated; value = cost paid */
    GRG_EV_MOVED,      /* unit from -> to; value = MP spent so far */
    GRG_EV_TURNED,     /* unit at `from` now faces `facing` */
    GRG_EV_DIE,        /* a die: die = the roll, terms = modifiers, value = modified result */
    GRG_EV_RESULT,     /* a combat result (text, e.g. "D1"); value = a ruleset code */
    GRG_EV_RETREAT,    /* unit retreats from -> to */
    GRG_EV_ADVANCE,    /* unit advances from -> to */
    GRG_EV_ELIMINATED, /* unit eliminated at `from` */
    GRG_EV_DISORDER,   /* unit disordered (value 1) or recovered (value 0) */
    GRG_EV_ARRIVED,    /* reinforcement unit enters at `to` */
    GRG_EV_POINTS,     /* action points of `corps`: value = points */
    GRG_EV_STATUS,     /* any other change of a unit's or corps' status; text says which */
    GRG_EV_GAME_OVER,  /* side = winner (-1 draw); text = the reason */
    GRG_EV_COUNT
} grg_event_type;

#define GRG_MAX_TERMS 12
typedef struct grg_event {
    int16_t type;  /* grg_event_type */
    int16_t unit;  /* unit index or -1 */
    int16_t other; /* a second unit (the opponent, the winner ...) or -1 */
    int16_t side;  /* side index or -1 */
    int16_t corps; /* corps index or -1 */
    grg_hex from, to;
    int16_t facing;
    int16_t die;
    int32_t value;
    char rule[GRG_RULE_LEN];
    char text[160];
    int n_terms;
    grg_term terms[GRG_MAX_TERMS];
} grg_event;

/* A caller-owned list of events; `cap` entries at `items`. Events past `cap` are counted in
 * `dropped` and lost. */
typedef struct grg_events {
    int n, cap, dropped;
    grg_event *items;
} grg_events;
grg_events *grg_events_new(int cap);
void grg_events_free(grg_events *ev);
void grg_events_clear(grg_events *ev);
/* Appends a blank event of this type (unit, other, side, corps -1) and returns it, or NULL when
 * ev is NULL or full. Callers fill the fields they need. */
grg_event *grg_event_push(grg_events *ev, grg_event_type type);
const char *grg_event_name(grg_event_type type);
/* Fills one term, cutting a rule id or label too long for its field (NULL reads as ""). */
void grg_term_set(grg_term *t, const char *rule, const char *label, int value);
/* Appends a term to an event or a term list; silently ignores overflow. */
void grg_event_term(grg_event *e, const char *rule, const char *label, int value);

#endif
