# From src/api/symbol_versions.tsv (name -> version node), the two files the exporting libraries
# link with:
#   <out_dir>/exports.map        the version script of libunihip.so and libamdhip64.so.7
#   <out_dir>/amdhip64_filter.c  libamdhip64's link-time definitions (see its header comment)
# Nodes come out in version order (hip_X.Y numerically, then unihip's own), each inheriting the
# one before, as AMD's map chains them.
include_guard(GLOBAL)

function(unihip_write_symbol_versions tsv out_dir)
  file(STRINGS ${tsv} lines REGEX "^[A-Za-z_]")
  set(nodes "")
  set(names "")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^([A-Za-z_][A-Za-z0-9_]*)\t([A-Za-z0-9_.]+)$")
      message(FATAL_ERROR "${tsv}: not 'name<TAB>node': '${line}'")
    endif()
    set(name ${CMAKE_MATCH_1})
    set(node ${CMAKE_MATCH_2})
    if(name STREQUAL "function")
      continue()  # the column header
    endif()
    if(name IN_LIST names)
      message(FATAL_ERROR "${tsv}: ${name} is listed twice")
    endif()
    list(APPEND names ${name})
    if(NOT node IN_LIST nodes)
      list(APPEND nodes ${node})
    endif()
    string(MAKE_C_IDENTIFIER "${node}" node_id)
    list(APPEND _node_${node_id} ${name})
  endforeach()

  # Version order: hip_4.2 < hip_4.10 < hip_7.2, then other nodes (unihip's) by name.
  set(amd_nodes "")
  set(own_nodes "")
  foreach(node IN LISTS nodes)
    if(node MATCHES "^hip_[0-9]+\\.[0-9]+$")
      list(APPEND amd_nodes ${node})
    else()
      list(APPEND own_nodes ${node})
    endif()
  endforeach()
  list(SORT amd_nodes COMPARE NATURAL)
  list(SORT own_nodes)
  set(ordered ${amd_nodes} ${own_nodes})
  list(GET ordered -1 last_node)

  set(map "/* Generated from src/api/symbol_versions.tsv by cmake/UnihipSymbolVersions.cmake. */\n")
  set(previous "")
  foreach(node IN LISTS ordered)
    string(MAKE_C_IDENTIFIER "${node}" node_id)
    string(APPEND map "${node} {\n  global:\n")
    foreach(name IN LISTS _node_${node_id})
      string(APPEND map "    ${name};\n")
    endforeach()
    if(node STREQUAL last_node)
      # Unlisted names of the exported families still export (in the newest node) rather than
      # vanish; abi.symbol_versions fails until they have their line.
      string(APPEND map "    hip*;\n    __hip*;\n    unihip*;\n  local:\n    *;\n")
    endif()
    if(previous)
      string(APPEND map "} ${previous};\n")
    else()
      string(APPEND map "};\n")
    endif()
    set(previous ${node})
  endforeach()

  string(CONCAT stub "/* Generated from src/api/symbol_versions.tsv by cmake/UnihipSymbolVersions.cmake.\n"
    " * libamdhip64 is a filter of libunihip (DT_FILTER): the dynamic linker looks every name up in\n"
    " * libunihip. These definitions only give the link editor the names; one runs only where a\n"
    " * loader ignores DT_FILTER. */\n"
    "#include <stdio.h>\n#include <stdlib.h>\n\n"
    "static void unihipFilterStub(void) {\n"
    "  fputs(\"libamdhip64: called without libunihip (this dynamic linker ignores DT_FILTER)\\n\", stderr);\n"
    "  abort();\n}\n\n")
  foreach(name IN LISTS names)
    string(APPEND stub "void ${name}(void) __attribute__((alias(\"unihipFilterStub\")));\n")
  endforeach()

  # Rewritten only when changed, so an unchanged table relinks nothing.
  file(CONFIGURE OUTPUT ${out_dir}/exports.map CONTENT "${map}" @ONLY)
  file(CONFIGURE OUTPUT ${out_dir}/amdhip64_filter.c CONTENT "${stub}" @ONLY)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${tsv})
endfunction()
