#!/bin/sh
# valgrind.sh: runs the trecjudge binary named by $TJ_VALGRIND_BIN under valgrind (memcheck); exit 99 on a memory error or leak.
# SPDX-License-Identifier: MIT
exec valgrind --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
    --show-leak-kinds=definite,indirect --quiet "$TJ_VALGRIND_BIN" "$@"
