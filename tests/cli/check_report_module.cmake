# SPDX-License-Identifier: MIT
# kernel-review-cli links models and runner only: nothing of QtGui or QtWidgets is among the
# libraries it needs (OBJDUMP -p), so commands other than export --format html|pdf never load
# them. Those two formats load the report renderer module: through it the program writes a PDF
# (refused without a renderer) and an HTML report, and without it (a path that does not exist in
# KRW_REPORT_RENDERER) it exits 3 naming the path.
execute_process(COMMAND "${OBJDUMP}" -p "${CLI}" RESULT_VARIABLE rc OUTPUT_VARIABLE headers ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${OBJDUMP} -p ${CLI} failed (${rc}): ${err}")
endif()
string(REGEX MATCHALL "NEEDED +[^\n]+" needed "${headers}")
if(NOT needed MATCHES "Qt[56]Core")
    message(FATAL_ERROR "no Qt Core among the libraries ${CLI} needs: the check reads nothing (${needed})")
endif()
if(needed MATCHES "Qt[56](Gui|Widgets|PrintSupport)")
    message(FATAL_ERROR "${CLI} needs a graphical Qt library: ${needed}")
endif()

foreach(format pdf html)
    file(REMOVE "${OUT_DIR}/module.${format}")
    execute_process(COMMAND "${CLI}" export "${SAMPLE_DIR}" --format ${format} --out "${OUT_DIR}/module.${format}"
        RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0 OR NOT EXISTS "${OUT_DIR}/module.${format}")
        message(FATAL_ERROR "export --format ${format} failed (${rc}): ${err}")
    endif()
endforeach()
file(READ "${OUT_DIR}/module.pdf" head LIMIT 8)
if(NOT head MATCHES "^%PDF-")
    message(FATAL_ERROR "export --format pdf wrote no PDF to ${OUT_DIR}/module.pdf")
endif()

set(missing "${OUT_DIR}/no-such-folder/renderer.so")
execute_process(COMMAND "${CMAKE_COMMAND}" -E env "KRW_REPORT_RENDERER=${missing}"
            "${CLI}" export "${SAMPLE_DIR}" --format pdf --out "${OUT_DIR}/never.pdf"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 3 OR NOT err MATCHES "report renderer" OR NOT err MATCHES "no-such-folder/renderer.so: no such file")
    message(FATAL_ERROR "without its module, export --format pdf exited ${rc} with: ${err}")
endif()
if(EXISTS "${OUT_DIR}/never.pdf")
    message(FATAL_ERROR "a PDF was written without the renderer")
endif()
message(STATUS "kernel-review-cli needs no graphical Qt library; pdf and html written through the module; without it: ${err}")
