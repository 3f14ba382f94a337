# SPDX-License-Identifier: MIT
# Installs the build (BUILD_DIR) into a fresh prefix (PREFIX) and checks the installed tree on its
# own: every file a package must hold is there, and the installed kernel-review-cli reads the
# installed sample run with no variable pointing at the build tree, from a folder outside it. The
# sample's case count comes from the sample's own list (SAMPLE_JSON), not from this script.
file(REMOVE_RECURSE "${PREFIX}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${PREFIX}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cmake --install ${BUILD_DIR} --prefix ${PREFIX} failed (${rc}):\n${out}")
endif()

set(data "${PREFIX}/${DATADIR}")
string(REPLACE "|" ";" EXTRA_FILES "${EXTRA_FILES}") # files of optional parts, relative to PREFIX
set(expected
    "${PREFIX}/${BINDIR}/kernel-review"
    "${PREFIX}/${BINDIR}/kernel-review-cli"
    "${data}/kernel-review/runner/harness/krw_harness.py"
    "${data}/kernel-review/runner/harness/device_peaks.json"
    "${data}/kernel-review/runner/compat/hip-nvidia/hip/hip_runtime.h"
    "${data}/kernel-review/runner/compat/cpu-torch/krw_cpu_torch_hip.h"
    "${data}/kernel-review/sample/run/sample_triton2hip_mem_0.json"
    "${data}/kernel-review/sample/run_v2/sample_triton2hip_v2_mem_0.json"
    "${data}/applications/io.github.kernel_review.workbench.desktop"
    "${data}/metainfo/io.github.kernel_review.workbench.metainfo.xml"
    "${data}/icons/hicolor/scalable/apps/io.github.kernel_review.workbench.svg"
    "${data}/mime/packages/io.github.kernel_review.workbench.xml"
    ${EXTRA_FILES})
foreach(path IN LISTS expected)
    if(NOT IS_ABSOLUTE "${path}")
        set(path "${PREFIX}/${path}")
    endif()
    if(NOT EXISTS "${path}")
        message(FATAL_ERROR "the installed tree lacks ${path}")
    endif()
endforeach()

# Run from an empty folder with the build tree's variables unset: only the install prefix is left.
set(cwd "${PREFIX}/../cwd")
file(MAKE_DIRECTORY "${cwd}")
execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env --unset=KRW_RUNNER_DIR "HOME=${cwd}"
            "${PREFIX}/${BINDIR}/kernel-review-cli" summary "${data}/kernel-review/sample/run" --json --no-hints
    WORKING_DIRECTORY "${cwd}" RESULT_VARIABLE rc OUTPUT_VARIABLE json ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the installed kernel-review-cli summary failed (${rc}): ${err}")
endif()
string(JSON cases ERROR_VARIABLE json_error GET "${json}" cases)
if(json_error)
    message(FATAL_ERROR "the installed kernel-review-cli summary printed no JSON with \"cases\" (${json_error}):\n${json}")
endif()
file(READ "${SAMPLE_JSON}" sample)
string(JSON listed LENGTH "${sample}" cases)
if(NOT cases EQUAL listed)
    message(FATAL_ERROR "the installed sample run has ${cases} cases, resources/sample/sample.json lists ${listed}")
endif()
# A PDF (refused without a renderer) through the installed report renderer module, found from the
# installed program's folder.
execute_process(
    COMMAND "${CMAKE_COMMAND}" -E env --unset=KRW_RUNNER_DIR --unset=KRW_REPORT_RENDERER "HOME=${cwd}"
            "${PREFIX}/${BINDIR}/kernel-review-cli" export "${data}/kernel-review/sample/run" --format pdf --out "${cwd}/report.pdf"
    WORKING_DIRECTORY "${cwd}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the installed kernel-review-cli export --format pdf failed (${rc}): ${err}")
endif()
file(READ "${cwd}/report.pdf" head LIMIT 8)
if(NOT head MATCHES "^%PDF-")
    message(FATAL_ERROR "the installed kernel-review-cli wrote no PDF to ${cwd}/report.pdf")
endif()
message(STATUS "installed tree complete; the installed kernel-review-cli read ${cases} cases of the installed sample run and wrote a PDF")
