/* Engine values <-> protocol JSON: hexes, actions (atomic and compound), events, terms. */
#ifndef GRG_PROTO_ENCODE_H
#define GRG_PROTO_ENCODE_H

#include "grognard/game.h"

#include <cjson/cJSON.h>

/* A failed decode: the protocol error code and a sentence. */
typedef struct grg_decode_err {
    const char *code; /* "bad_request", "bad_hex", "unknown_unit" */
    char message[192];
} grg_decode_err;

cJSON *grg__hex_json(const grg_scenario *sc, grg_hex h);
/* Reads a label that must be on the scenario's map. */
int grg__hex_decode(const grg_scenario *sc, const cJSON *v, const char *field, grg_hex *out,
                    grg_decode_err *err);
/* Reads a unit id into its index. */
int grg__unit_decode(const grg_scenario *sc, const cJSON *v, const char *field, int *out,
                     grg_decode_err *err);

cJSON *grg__action_json(const grg_scenario *sc, const grg_action *a);
/* Decodes one action object, atomic or compound (move, group, combat), into at most max atomic
 * actions; returns their count, or -1 with err filled. g (may be NULL) supplies defaults that
 * depend on the position: a charging attacker's `via` is its own hex. */
int grg__actions_decode(const grg_scenario *sc, const grg_game *g, const cJSON *j, grg_action *out,
                        int max, grg_decode_err *err);

cJSON *grg__terms_json(const grg_term *t, int n);
cJSON *grg__event_json(const grg_scenario *sc, const grg_event *e);
cJSON *grg__events_json(const grg_scenario *sc, const grg_events *ev, int from);

#endif
