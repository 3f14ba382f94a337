#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# check_bash_completion.sh COMPLETION CLI_SOURCE_DIR
# The completion written from kernel-review-cli --help offers every command the CLI dispatches on
# (app/cli/cli.cpp) and every option it declares (app/cli/clioptions.h), both read from the
# source, not from the help.
set -euo pipefail
completion=$1 source=$2
# shellcheck source=/dev/null
source "$completion"

complete_line() { # words…: what the completion offers for the last word
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _kernel_review_cli
    printf '%s\n' "${COMPREPLY[@]}"
}

failed=0
commands=$(grep -o 'args.first() == QLatin1String("[a-z-]*")' "$source/cli.cpp" | sed 's/.*("\(.*\)")/\1/')
# (a declaration may be wrapped after its brace: read as one line)
options=$(tr '\n' ' ' <"$source/clioptions.h" | grep -o 'QCommandLineOption [A-Za-z]*{ *QStringLiteral("[a-z-]*")' |
    sed 's/.*("\(.*\)")/\1/')
[ -n "$commands" ] && [ -n "$options" ] || { echo "no commands or options found in $source"; exit 1; }

offered=$(complete_line kernel-review-cli "")
for c in $commands; do
    grep -qx -- "$c" <<<"$offered" || { echo "command '$c' (dispatched in $source) is not completed"; failed=1; }
done
offered=$(complete_line kernel-review-cli summary --)
for o in $options help; do
    grep -qx -- "--$o" <<<"$offered" || { echo "option --$o (declared in $source) is not completed"; failed=1; }
done
# Values: --format's formats, after a space and after '=' (bash splits there), then files again.
for words in "kernel-review-cli export run --format" "kernel-review-cli export run --format ="; do
    # shellcheck disable=SC2086
    offered=$(complete_line $words "")
    grep -qx pdf <<<"$offered" || { echo "'$words' does not offer pdf: $offered"; failed=1; }
done
offered=$(complete_line kernel-review-cli --json "")
grep -qx summary <<<"$offered" || { echo "after --json the commands are not offered: $offered"; failed=1; }
offered=$(complete_line kernel-review-cli --run x "")
grep -qx summary <<<"$offered" || { echo "after --run x the commands are not offered (x taken for a command): $offered"; failed=1; }
exit $failed
