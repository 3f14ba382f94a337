# SPDX-License-Identifier: MIT
# Runs the CLI with ARGS ('^'-separated), checks its exit code, and compares stdout + stderr
# (paths under SOURCE_DIR replaced by <src>) with EXPECTED. On a mismatch writes .actual and
# prints a unified diff.
string(REPLACE "^" ";" args "${ARGS}")
execute_process(COMMAND "${CLI}" ${args}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(actual "exit code: ${rc}\n--- stdout\n${out}--- stderr\n${err}")
# The CLI first: a build folder inside the source tree would otherwise become <src>/....
string(REPLACE "${CLI}" "<cli>" actual "${actual}")
string(REPLACE "${SOURCE_DIR}" "<src>" actual "${actual}")
if(DEFINED ENV{UPDATE_GOLDEN})
    file(WRITE "${EXPECTED}" "${actual}")
    message(STATUS "updated ${EXPECTED}")
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
