# SPDX-License-Identifier: MIT
# The layers, models ← runner ← widgets ← app: a layer includes its own headers and those of the
# layers below it, never those above. Every include of the project's own headers names its layer
# from the source root ("models/run/rundata.h"), so the rule can be read off each line. Fails with
# every offending file and include. Run at configure time (CMakeLists.txt) and as the test
# layers_include_only_below (an include added since the last configure); SOURCE_DIR: the source root
# (as a script), else the project's.
cmake_policy(SET CMP0057 NEW) # IN_LIST, also when run as a script
set(krw_source "${SOURCE_DIR}")
if(NOT krw_source)
    set(krw_source "${PROJECT_SOURCE_DIR}")
endif()
set(krw_layers models runner widgets app)
set(krw_below_models models)
set(krw_below_runner models runner)
set(krw_below_widgets models runner widgets)
set(krw_below_app models runner widgets app)
set(krw_layer_problems "")
foreach(layer IN LISTS krw_layers)
    file(GLOB_RECURSE files "${krw_source}/${layer}/*.cpp" "${krw_source}/${layer}/*.h")
    foreach(file IN LISTS files)
        file(RELATIVE_PATH name "${krw_source}" "${file}")
        file(STRINGS "${file}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
        foreach(line IN LISTS lines)
            string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*$" "\\1" included "${line}")
            string(REGEX MATCH "^[^/]+" top "${included}")
            if(top IN_LIST krw_layers)
                if(NOT top IN_LIST krw_below_${layer})
                    string(APPEND krw_layer_problems "\n  ${name}: #include \"${included}\": ${layer} may not include ${top}")
                endif()
            else()
                foreach(other IN LISTS krw_layers)
                    if(EXISTS "${krw_source}/${other}/${included}")
                        string(APPEND krw_layer_problems "\n  ${name}: #include \"${included}\": name the layer (\"${other}/${included}\")")
                    endif()
                endforeach()
            endif()
        endforeach()
    endforeach()
endforeach()
if(krw_layer_problems)
    message(FATAL_ERROR "includes against the layers (cmake/KrwLayers.cmake):${krw_layer_problems}")
endif()
