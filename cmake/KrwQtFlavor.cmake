# SPDX-License-Identifier: MIT
#
# Chooses the Qt flavor. Code highlighting needs KSyntaxHighlighting, which Debian 12 packages
# only for Qt 5 (KF5), so AUTO prefers the flavor that has it: Qt 6 + KF6 when present, else
# Qt 5 + KF5, else plain Qt 6. Set KRW_QT_VERSION=5 or 6 to force one; CI builds both.
set(KRW_QT_VERSION "AUTO" CACHE STRING "Qt flavor to build against: AUTO, 5 or 6")
set_property(CACHE KRW_QT_VERSION PROPERTY STRINGS AUTO 5 6)

set(_krw_qt_components Core Concurrent Gui Widgets PrintSupport Test)

function(_krw_probe_flavor major out_has_qt out_has_ksh)
    find_package(Qt${major} 5.15 QUIET COMPONENTS ${_krw_qt_components})
    set(${out_has_qt} ${Qt${major}_FOUND} PARENT_SCOPE)
    set(_ksh FALSE)
    if(Qt${major}_FOUND)
        find_package(KF${major}SyntaxHighlighting QUIET)
        set(_ksh ${KF${major}SyntaxHighlighting_FOUND})
    endif()
    set(${out_has_ksh} ${_ksh} PARENT_SCOPE)
endfunction()

if(KRW_QT_VERSION STREQUAL "AUTO")
    _krw_probe_flavor(6 _has6 _ksh6)
    if(_has6 AND _ksh6)
        set(KRW_QT_MAJOR 6)
    else()
        _krw_probe_flavor(5 _has5 _ksh5)
        if(_has5 AND _ksh5)
            set(KRW_QT_MAJOR 5)
        elseif(_has6)
            set(KRW_QT_MAJOR 6)
        else()
            set(KRW_QT_MAJOR 5)
        endif()
    endif()
elseif(KRW_QT_VERSION MATCHES "^[56]$")
    set(KRW_QT_MAJOR ${KRW_QT_VERSION})
else()
    message(FATAL_ERROR "KRW_QT_VERSION must be AUTO, 5 or 6, not '${KRW_QT_VERSION}'")
endif()

find_package(Qt${KRW_QT_MAJOR} 5.15 REQUIRED COMPONENTS ${_krw_qt_components})
set(KRW_QT Qt${KRW_QT_MAJOR})
message(STATUS "Building against Qt ${${KRW_QT}_VERSION}")

find_package(nlohmann_json 3.10 REQUIRED)
set_package_properties(nlohmann_json PROPERTIES TYPE REQUIRED PURPOSE "Parsing run files")
find_package(simdjson 3.0 REQUIRED CONFIG)
set_package_properties(simdjson PROPERTIES TYPE REQUIRED PURPOSE "Validating whole lines and entries of big runs at load (docs/PERFORMANCE.md)")
find_package(md4c REQUIRED CONFIG)
set_package_properties(md4c PROPERTIES TYPE REQUIRED PURPOSE "Parsing dataset Markdown for the HTML and PDF reports (rendered by our own whitelist renderer)")
find_package(yaml-cpp 0.6 REQUIRED CONFIG)
set_package_properties(yaml-cpp PROPERTIES TYPE REQUIRED PURPOSE "The YAML of other writers' layouts (GEAK v3 task front matter, docs/LAYOUTS.md)")

find_package(KF${KRW_QT_MAJOR}SyntaxHighlighting QUIET)
set_package_properties(KF${KRW_QT_MAJOR}SyntaxHighlighting PROPERTIES TYPE RECOMMENDED
    PURPOSE "Code highlighting (without it code shows plain)")
set(KRW_HAVE_KSYNTAXHIGHLIGHTING ${KF${KRW_QT_MAJOR}SyntaxHighlighting_FOUND})
if(KRW_HAVE_KSYNTAXHIGHLIGHTING)
    set(KRW_KSH_TARGET KF${KRW_QT_MAJOR}::SyntaxHighlighting)
endif()

if(KRW_QT_MAJOR EQUAL 6)
    find_package(QCustomPlotQt6 REQUIRED)
    set(KRW_QCUSTOMPLOT_TARGET QCustomPlotQt6::QCustomPlotQt6)
else()
    find_package(QCustomPlot REQUIRED)
    set(KRW_QCUSTOMPLOT_TARGET QCustomPlot::QCustomPlot)
endif()

# dtl (libdtl-dev) is header-only and ships no CMake package.
find_path(DTL_INCLUDE_DIR dtl/dtl.hpp REQUIRED)
add_library(krw_dtl INTERFACE)
target_include_directories(krw_dtl SYSTEM INTERFACE "${DTL_INCLUDE_DIR}")

# libgit2 (libgit2-dev) for the line diff: git's own xdiff with the patience algorithm
# (models/diff/linediff.cpp). It ships pkg-config data, no CMake package.
find_package(PkgConfig REQUIRED)
pkg_check_modules(LIBGIT2 REQUIRED IMPORTED_TARGET libgit2)
