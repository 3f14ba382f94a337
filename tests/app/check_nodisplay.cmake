# SPDX-License-Identifier: MIT
# kernel-review --help / --version / a bad option answer on the terminal without a display: no
# DISPLAY, no WAYLAND_DISPLAY, no QT_QPA_PLATFORM (a QApplication would abort there).
#   cmake -DPROGRAM=<kernel-review> -DVERSION=<x.y.z> -P check_nodisplay.cmake
function(run_without_display expected_rc stream regex)
    execute_process(
        COMMAND env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "${PROGRAM}" ${ARGN}
        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
    if(NOT rc STREQUAL "${expected_rc}")
        message(FATAL_ERROR "kernel-review ${ARGN}: exit ${rc}, expected ${expected_rc}\nstdout: ${out}\nstderr: ${err}")
    endif()
    if(stream STREQUAL "stdout")
        set(text "${out}")
    else()
        set(text "${err}")
    endif()
    if(NOT text MATCHES "${regex}")
        message(FATAL_ERROR "kernel-review ${ARGN}: ${stream} does not match '${regex}'\nstdout: ${out}\nstderr: ${err}")
    endif()
endfunction()

run_without_display(0 stdout "Usage: .*kernel-review.*--theme" --help)
run_without_display(0 stdout "Usage: .*kernel-review" -h)
run_without_display(0 stdout "kernel-review ${VERSION}" --version)
run_without_display(1 stderr "no-such-option" --no-such-option)
run_without_display(1 stderr "--theme" --theme purple)
