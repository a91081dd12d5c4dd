/* libFuzzer target: one session fed the input's lines as protocol requests, after loading the
 * test scenario. Any crash, leak or sanitizer report is a bug. Build and run with `make fuzz`. */
#include "grognard/proto.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    grg_session *s = grg_session_new(NULL);
    int quit = 0;
    free(grg_session_handle(s,
                            "{\"cmd\":\"load\",\"scenario\":\"data/scenarios/test/"
                            "clash.json\",\"seed\":\"0000000000000001\"}",
                            &quit));
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = '\0';
    char *save = NULL;
    for (char *line = strtok_r(text, "\n", &save); line && !quit;
         line = strtok_r(NULL, "\n", &save))
        free(grg_session_handle(s, line, &quit));
    free(text);
    grg_session_free(s);
    return 0;
}
