# SPDX-License-Identifier: MIT
# Runs the CLI with ARGS ('^'-separated), checks its exit code, and compares stdout + stderr
# (paths under SOURCE_DIR replaced by <src>, OUT_DIR by <out>) with EXPECTED. On a mismatch
# writes .actual and prints a unified diff.
# With OUT_FILE and OUT_EXPECTED, also compares the file the CLI wrote with OUT_EXPECTED, after
# replacing SAMPLE_DIR by <sample>, the source folder by <src> and the report's generation time by
# <time> in both (the expected file).
string(REPLACE "^" ";" args "${ARGS}")
# OUT_CLEAN: a folder the CLI writes into, removed first (the workspace export keeps what it finds).
if(DEFINED OUT_CLEAN)
    file(REMOVE_RECURSE "${OUT_CLEAN}")
endif()
if(DEFINED OUT_FILE)
    file(REMOVE "${OUT_FILE}")
endif()
execute_process(COMMAND "${CLI}" ${args}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(actual "exit code: ${rc}\n--- stdout\n${out}--- stderr\n${err}")
# Offscreen Qt may warn about its runtime folder; that is the machine, not the CLI.
string(REGEX REPLACE "QStandardPaths: XDG_RUNTIME_DIR[^\n]*\n" "" actual "${actual}")
# The CLI first: a build folder inside the source tree would otherwise become <src>/....
string(REPLACE "${CLI}" "<cli>" actual "${actual}")
if(DEFINED OUT_DIR)
    string(REPLACE "${OUT_DIR}" "<out>" actual "${actual}")
endif()
string(REPLACE "${SOURCE_DIR}" "<src>" actual "${actual}")

function(normalize_report var)
    set(text "${${var}}")
    if(DEFINED SAMPLE_DIR)
        string(REPLACE "${SAMPLE_DIR}" "<sample>" text "${text}")
    endif()
    # Then any other path of the checkout (a run of tests/data), as stdout's are.
    string(REPLACE "${SOURCE_DIR}" "<src>" text "${text}")
    string(REGEX REPLACE "Generated: [0-9]+-[0-9]+-[0-9]+T[0-9:]+Z" "Generated: <time>" text "${text}")
    set(${var} "${text}" PARENT_SCOPE)
endfunction()

if(DEFINED ENV{UPDATE_GOLDEN})
    file(WRITE "${EXPECTED}" "${actual}")
    message(STATUS "updated ${EXPECTED}")
    if(DEFINED OUT_FILE AND EXISTS "${OUT_FILE}")
        file(READ "${OUT_FILE}" written)
        normalize_report(written)
        file(WRITE "${OUT_EXPECTED}" "${written}")
        message(STATUS "updated ${OUT_EXPECTED}")
    endif()
    return()
endif()
if(NOT rc EQUAL EXPECTED_RC)
    message(SEND_ERROR "exit code ${rc}, expected ${EXPECTED_RC}")
endif()
file(READ "${EXPECTED}" expected)
if(NOT actual STREQUAL expected)
    file(WRITE "${EXPECTED}.actual" "${actual}")
    execute_process(COMMAND diff -u "${EXPECTED}" "${EXPECTED}.actual")
    message(FATAL_ERROR "output differs from ${EXPECTED} (written: ${EXPECTED}.actual)")
endif()
if(DEFINED OUT_FILE)
    if(NOT EXISTS "${OUT_FILE}")
        message(FATAL_ERROR "the CLI wrote no ${OUT_FILE}")
    endif()
    file(READ "${OUT_FILE}" written)
    file(READ "${OUT_EXPECTED}" wanted)
    normalize_report(written)
    normalize_report(wanted)
    if(NOT written STREQUAL wanted)
        file(WRITE "${OUT_FILE}.normalized" "${written}")
        file(WRITE "${OUT_FILE}.expected-normalized" "${wanted}")
        execute_process(COMMAND diff -u "${OUT_FILE}.expected-normalized" "${OUT_FILE}.normalized")
        message(FATAL_ERROR "${OUT_FILE} differs from ${OUT_EXPECTED}")
    endif()
endif()
