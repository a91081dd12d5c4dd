/* The rulesets compiled into this build. */
#include "grognard/ruleset.h"

#include <string.h>

#ifdef GRG_HAVE_CDB
extern const grg_ruleset grg_ruleset_cdb;
#endif
#ifdef GRG_HAVE_NAP
extern const grg_ruleset grg_ruleset_nap;
#endif
#ifdef GRG_HAVE_TEST
extern const grg_ruleset grg_ruleset_test;
#endif

static const grg_ruleset *const rulesets[] = {
#ifdef GRG_HAVE_CDB
    &grg_ruleset_cdb,
#endif
#ifdef GRG_HAVE_NAP
    &grg_ruleset_nap,
#endif
#ifdef GRG_HAVE_TEST
    &grg_ruleset_test,
#endif
    NULL,
};

const grg_ruleset *const *grg_rulesets(void) { return rulesets; }

const grg_ruleset *grg_ruleset_find(const char *name)
{
    for (int i = 0; name && rulesets[i]; i++)
        if (strcmp(rulesets[i]->name, name) == 0)
            return rulesets[i];
    return NULL;
}
