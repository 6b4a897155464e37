# Building HIP sources (.hip, .cu) with unihipcc from CMake.
#
#   unihip_add_executable(<name> [OFFLOAD_ARCHS <arch>...] [OPTIONS <unihipcc flag>...] <source>...)
#   unihip_add_library(<name> [STATIC|SHARED] [OFFLOAD_ARCHS ...] [OPTIONS ...] <source>...)
#   unihip_target_sources(<target> [OFFLOAD_ARCHS ...] [OPTIONS ...] <source>...)
#       adds HIP sources to an existing target (add_executable/add_library) and links
#       unihip::device to it
#
# Each HIP source becomes one object through unihipcc (a custom command per source, with a
# depfile so header edits rebuild it); other sources (.cpp, .c) compile with the normal compiler.
# The target links against libunihip. The target's include directories, compile definitions,
# C++ standard and position independence (including those inherited from linked targets) reach
# unihipcc too; the build type picks -O0 -g / -O2 -g / -O3 / -Os.
#
# Offload architectures: OFFLOAD_ARCHS, else the cache variable UNIHIP_OFFLOAD_ARCHS.
#
# Relocatable build tree: in this project, targets get an RPATH relative to $ORIGIN that reaches
# libunihip in this build tree, plus $ORIGIN/../lib for an installed layout, so a copied build
# folder runs.
#
# In this project the helpers use the `unihipcc` and `unihip` targets. An installed package sets
# UNIHIP_UNIHIPCC_EXECUTABLE and provides the imported targets unihip::host/unihip::device.
include_guard(GLOBAL)

set(UNIHIP_OFFLOAD_ARCHS "sm_90;gfx90a" CACHE STRING
    "Offload architectures for HIP sources built with unihip_add_executable/unihip_add_library")

# The compiler and the runtime to link, from this build or an installed package.
function(_unihip_toolchain compiler_var depends_var runtime_var)
  if(TARGET unihipcc)
    set(${compiler_var} "$<TARGET_FILE:unihipcc>" PARENT_SCOPE)
    set(${depends_var} unihipcc PARENT_SCOPE)
  elseif(UNIHIP_UNIHIPCC_EXECUTABLE)
    set(${compiler_var} "${UNIHIP_UNIHIPCC_EXECUTABLE}" PARENT_SCOPE)
    set(${depends_var} "${UNIHIP_UNIHIPCC_EXECUTABLE}" PARENT_SCOPE)
  else()
    message(FATAL_ERROR "unihip: no unihipcc (neither the target nor UNIHIP_UNIHIPCC_EXECUTABLE)")
  endif()
  if(TARGET unihip)
    set(${runtime_var} unihip PARENT_SCOPE)
  elseif(TARGET unihip::device)
    set(${runtime_var} unihip::device PARENT_SCOPE)
  else()
    message(FATAL_ERROR "unihip: no runtime library target (unihip or unihip::device)")
  endif()
endfunction()

function(_unihip_is_hip_source source out_var)
  get_filename_component(ext "${source}" LAST_EXT)
  if(ext STREQUAL ".hip" OR ext STREQUAL ".cu")
    set(${out_var} TRUE PARENT_SCOPE)
  else()
    set(${out_var} FALSE PARENT_SCOPE)
  endif()
endfunction()

# Adds one custom command per HIP source of `target`; returns the objects in `objects_var`.
function(_unihip_compile_hip_sources target archs options objects_var)
  _unihip_toolchain(compiler compiler_depends runtime)
  list(JOIN archs "," arch_list)
  set(tgt "${target}")
  set(includes "$<TARGET_PROPERTY:${tgt},INCLUDE_DIRECTORIES>")
  set(defines "$<TARGET_PROPERTY:${tgt},COMPILE_DEFINITIONS>")
  set(std "$<TARGET_PROPERTY:${tgt},CXX_STANDARD>")
  # Genex lists use $<SEMICOLON>: COMMAND_EXPAND_LISTS splits them into arguments afterwards.
  set(flags
    "--offload-arch=${arch_list}"
    "$<$<BOOL:${std}>:-std=c++${std}>"
    "$<IF:$<CONFIG:Debug>,-O0$<SEMICOLON>-g,$<IF:$<CONFIG:RelWithDebInfo>,-O2$<SEMICOLON>-g,$<IF:$<CONFIG:MinSizeRel>,-Os,-O3>>>"
    "$<$<BOOL:$<TARGET_PROPERTY:${tgt},POSITION_INDEPENDENT_CODE>>:-fPIC>"
    "$<$<BOOL:${includes}>:-I$<JOIN:${includes},$<SEMICOLON>-I>>"
    "$<$<BOOL:${defines}>:-D$<JOIN:${defines},$<SEMICOLON>-D>>"
    ${options})

  set(objects "")
  foreach(source IN LISTS ARGN)
    get_filename_component(source_path "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    file(RELATIVE_PATH relative "${CMAKE_CURRENT_SOURCE_DIR}" "${source_path}")
    string(REPLACE "../" "__/" relative "${relative}")
    set(object "${CMAKE_CURRENT_BINARY_DIR}/CMakeFiles/${target}.dir/${relative}.o")
    get_filename_component(object_dir "${object}" DIRECTORY)
    file(MAKE_DIRECTORY "${object_dir}")
    file(RELATIVE_PATH object_for_log "${CMAKE_BINARY_DIR}" "${object}")
    add_custom_command(
      OUTPUT "${object}"
      COMMAND "${compiler}" ${flags} -MD -MF "${object}.d" -MT "${object}"
              -c "${source_path}" -o "${object}"
      DEPENDS "${source_path}" ${compiler_depends}
      DEPFILE "${object}.d"
      COMMENT "Building HIP object ${object_for_log}"
      COMMAND_EXPAND_LISTS
      VERBATIM)
    set_source_files_properties("${object}" PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
    list(APPEND objects "${object}")
  endforeach()
  set(${objects_var} "${objects}" PARENT_SCOPE)
endfunction()

# Splits `sources` into HIP sources and the rest.
function(_unihip_split_sources hip_var other_var)
  set(hip "")
  set(other "")
  foreach(source IN LISTS ARGN)
    _unihip_is_hip_source("${source}" is_hip)
    if(is_hip)
      list(APPEND hip "${source}")
    else()
      list(APPEND other "${source}")
    endif()
  endforeach()
  set(${hip_var} "${hip}" PARENT_SCOPE)
  set(${other_var} "${other}" PARENT_SCOPE)
endfunction()

# In this project: RPATH from the target's folder to this build's libunihip, then the installed
# layout. An installed package's imported library is left to CMake's usual RPATH handling.
function(_unihip_set_relocatable_rpath target runtime)
  if(NOT runtime STREQUAL "unihip")
    return()
  endif()
  set(rpath "$ORIGIN/../lib")
  get_target_property(lib_dir unihip LIBRARY_OUTPUT_DIRECTORY)
  get_target_property(exe_dir ${target} RUNTIME_OUTPUT_DIRECTORY)
  if(NOT exe_dir)
    set(exe_dir "${CMAKE_CURRENT_BINARY_DIR}")
  endif()
  if(lib_dir)
    file(RELATIVE_PATH to_lib "${exe_dir}" "${lib_dir}")
    if(to_lib STREQUAL "")
      set(to_lib ".")
    endif()
    list(PREPEND rpath "$ORIGIN/${to_lib}")
  endif()
  list(REMOVE_DUPLICATES rpath)
  set_target_properties(${target} PROPERTIES BUILD_WITH_INSTALL_RPATH ON INSTALL_RPATH "${rpath}")
endfunction()

function(unihip_add_executable name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "OFFLOAD_ARCHS;OPTIONS")
  if(NOT arg_OFFLOAD_ARCHS)
    set(arg_OFFLOAD_ARCHS ${UNIHIP_OFFLOAD_ARCHS})
  endif()
  _unihip_split_sources(hip_sources other_sources ${arg_UNPARSED_ARGUMENTS})
  add_executable(${name} ${other_sources})
  _unihip_compile_hip_sources(${name} "${arg_OFFLOAD_ARCHS}" "${arg_OPTIONS}" objects ${hip_sources})
  target_sources(${name} PRIVATE ${objects})
  _unihip_toolchain(compiler compiler_depends runtime)
  target_link_libraries(${name} PRIVATE ${runtime})
  set_target_properties(${name} PROPERTIES LINKER_LANGUAGE CXX)
  _unihip_set_relocatable_rpath(${name} ${runtime})
endfunction()

function(unihip_add_library name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "STATIC;SHARED" "" "OFFLOAD_ARCHS;OPTIONS")
  if(NOT arg_OFFLOAD_ARCHS)
    set(arg_OFFLOAD_ARCHS ${UNIHIP_OFFLOAD_ARCHS})
  endif()
  set(type "")
  if(arg_STATIC)
    set(type STATIC)
  elseif(arg_SHARED)
    set(type SHARED)
  endif()
  _unihip_split_sources(hip_sources other_sources ${arg_UNPARSED_ARGUMENTS})
  add_library(${name} ${type} ${other_sources})
  _unihip_compile_hip_sources(${name} "${arg_OFFLOAD_ARCHS}" "${arg_OPTIONS}" objects ${hip_sources})
  target_sources(${name} PRIVATE ${objects})
  _unihip_toolchain(compiler compiler_depends runtime)
  target_link_libraries(${name} PUBLIC ${runtime})
  set_target_properties(${name} PROPERTIES LINKER_LANGUAGE CXX)
  _unihip_set_relocatable_rpath(${name} ${runtime})
endfunction()

function(unihip_target_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "OFFLOAD_ARCHS;OPTIONS")
  if(NOT arg_OFFLOAD_ARCHS)
    set(arg_OFFLOAD_ARCHS ${UNIHIP_OFFLOAD_ARCHS})
  endif()
  _unihip_split_sources(hip_sources other_sources ${arg_UNPARSED_ARGUMENTS})
  if(other_sources)
    target_sources(${target} PRIVATE ${other_sources})
  endif()
  _unihip_compile_hip_sources(${target} "${arg_OFFLOAD_ARCHS}" "${arg_OPTIONS}" objects ${hip_sources})
  target_sources(${target} PRIVATE ${objects})
  _unihip_toolchain(compiler compiler_depends runtime)
  get_target_property(type ${target} TYPE)
  if(type STREQUAL "STATIC_LIBRARY" OR type STREQUAL "SHARED_LIBRARY")
    target_link_libraries(${target} PUBLIC ${runtime})
  else()
    target_link_libraries(${target} PRIVATE ${runtime})
  endif()
  set_target_properties(${target} PROPERTIES LINKER_LANGUAGE CXX)
endfunction()
