# SPDX-License-Identifier: MIT
# Strict warnings and Qt defines, applied to every target of the project.
add_compile_options(-Wall -Wextra -pedantic)
option(KRW_WERROR "Treat warnings as errors" OFF)
if(KRW_WERROR)
    add_compile_options(-Werror)
endif()

add_compile_definitions(
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CAST_FROM_BYTEARRAY
    QT_NO_URL_CAST_FROM_STRING
    QT_USE_QSTRINGBUILDER
    QT_NO_FOREACH
    QT_NO_CONTEXTLESS_CONNECT
    QT_DISABLE_DEPRECATED_BEFORE=0x050F00)

option(KRW_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
if(KRW_SANITIZE)
    add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer)
    add_link_options(-fsanitize=address,undefined)
endif()

# Debian's hardening flags (what dpkg-buildflags gives a package): fortified libc calls, the
# stack protector, relocations read-only and resolved at start. For the builds packages are made
# from (`packaging/dev.sh package` turns it on); off by default so other optimized builds, and the
# figures measured with them, stay as they were. Never in Debug: _FORTIFY_SOURCE needs optimization.
option(KRW_HARDENING "Optimized configurations get Debian's hardening flags (for packages)" OFF)
if(KRW_HARDENING)
    set(_krw_optimized "$<NOT:$<CONFIG:Debug>>")
    add_compile_options("$<${_krw_optimized}:-U_FORTIFY_SOURCE;-D_FORTIFY_SOURCE=2;-fstack-protector-strong>")
    add_link_options("$<${_krw_optimized}:LINKER:-z,relro,-z,now>")
endif()
