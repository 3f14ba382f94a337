# SPDX-License-Identifier: MIT
# Compiler settings of the fuzz build (KRW_FUZZ, preset "fuzz"): every object is instrumented for
# libFuzzer's coverage and checked by ASan and UBSan; any UB aborts, so the fuzzer reports it as a
# finding. Only clang has libFuzzer: another compiler stops here with what to install.
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "KRW_FUZZ needs clang with libFuzzer (found ${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER}): "
                        "install clang-14 and libfuzzer-14-dev and configure with --preset fuzz")
endif()
add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
add_link_options(-fsanitize=address,undefined)
