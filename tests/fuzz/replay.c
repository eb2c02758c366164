/* replay.c: runs a fuzz target over every file of its seed corpus (make check, no libFuzzer). */
/* SPDX-License-Identifier: MIT */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv)
{
    int files = 0;
    static char *defaults[] = { NULL, FUZZ_CORPUS };
    if (argc < 2) {
        argc = 2;
        argv = defaults;
    }
    for (int a = 1; a < argc; a++) {
        DIR *d = opendir(argv[a]);
        if (d == NULL) {
            fprintf(stderr, "replay: cannot open %s\n", argv[a]);
            return 1;
        }
        struct dirent *e;
        while ((e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.')
                continue;
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[a], e->d_name);
            FILE *fp = fopen(path, "rb");
            if (fp == NULL)
                continue;
            static uint8_t buf[1 << 22];
            size_t n = fread(buf, 1, sizeof buf, fp);
            fclose(fp);
            LLVMFuzzerTestOneInput(buf, n);
            files++;
        }
        closedir(d);
    }
    printf("replayed %d inputs\n", files);
    printf("%d passed, 0 failed\n", files);
    return files > 0 ? 0 : 1;
}
