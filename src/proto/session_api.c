/* Small additions to the protocol's public API for the server (issue 7). */
#include "session.h"

#include <stdlib.h>

char *grg_action_text(const grg_loaded *l, const grg_action *a)
{
    if (!l || !a)
        return NULL;
    cJSON *o = grg__action_json(l->sc, a);
    char *text = o ? cJSON_PrintUnformatted(o) : NULL;
    cJSON_Delete(o);
    return text;
}
