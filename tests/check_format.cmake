# SPDX-License-Identifier: MIT
# Fails when a C++ file of the project differs from what clang-format makes of it, naming the files.
execute_process(COMMAND git ls-files -- "*.cpp" "*.h" WORKING_DIRECTORY "${SOURCE_DIR}"
    OUTPUT_VARIABLE files RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT rc EQUAL 0)
    # Not a git checkout (a source tarball): nothing to compare against.
    message(STATUS "not a git checkout; format check skipped")
    return()
endif()
string(REPLACE "\n" ";" files "${files}")
list(FILTER files EXCLUDE REGEX "^(runner/compat|tests/data)/")
execute_process(COMMAND "${CLANG_FORMAT}" --dry-run --Werror ${files}
    WORKING_DIRECTORY "${SOURCE_DIR}" RESULT_VARIABLE rc ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
    string(REGEX MATCHALL "[^\n]*(warning|error): code should be clang-formatted" lines "${out}")
    message(FATAL_ERROR "not formatted (clang-format -i the files):\n${lines}")
endif()
