# unihip_hip_library(<name> OBJECTS <object library> VERSION <x.y.z> SOVERSION <n>
#                    INCLUDES <dirs…> [PACKAGE_VERSION <v>] [EXPORTS_MAP <file>] [INSTALL_HEADER_DIRS <dirs…>]
#                    [INSTALL_HEADER_FILES <files…> [HEADER_SUBDIR <dir>]])
# One HIP library of libs/: lib<name>.so.<SOVERSION> in <build>/lib, linked to unihip only,
# the alias roc::<name>, and find_package(<name>) -> roc::<name> from the build tree
# (<build>/lib/cmake/<name>) and from the install, as ROCm names its packages.
set(UNIHIP_HIP_LIBRARY_CONFIG_IN ${CMAKE_CURRENT_LIST_DIR}/hip-library-config.cmake.in)

function(unihip_hip_library name)
  cmake_parse_arguments(L "" "OBJECTS;VERSION;SOVERSION;PACKAGE_VERSION;EXPORTS_MAP;HEADER_SUBDIR"
    "INCLUDES;INSTALL_HEADER_DIRS;INSTALL_HEADER_FILES" ${ARGN})
  foreach(required OBJECTS VERSION SOVERSION INCLUDES)
    if(NOT DEFINED L_${required} OR L_${required} STREQUAL "")
      message(FATAL_ERROR "unihip_hip_library(${name}): ${required} is required")
    endif()
  endforeach()

  if(NOT L_PACKAGE_VERSION)
    set(L_PACKAGE_VERSION ${L_VERSION})
  endif()
  add_library(${name} SHARED $<TARGET_OBJECTS:${L_OBJECTS}>)
  # What the libraries share (libs/common: the vendor library's loader).
  target_include_directories(${L_OBJECTS} PRIVATE ${PROJECT_SOURCE_DIR}/libs/common)
  set(build_includes "")
  foreach(dir IN LISTS L_INCLUDES)
    list(APPEND build_includes $<BUILD_INTERFACE:${dir}>)
  endforeach()
  target_include_directories(${name} PUBLIC ${build_includes} $<INSTALL_INTERFACE:include>)
  target_link_libraries(${name} PUBLIC unihip PRIVATE ${CMAKE_DL_LIBS})
  target_link_options(${name} PRIVATE -Wl,--no-undefined)
  if(L_EXPORTS_MAP)
    target_link_options(${name} PRIVATE -Wl,--version-script=${L_EXPORTS_MAP})
    set_property(TARGET ${name} APPEND PROPERTY LINK_DEPENDS ${L_EXPORTS_MAP})
  endif()
  set_target_properties(${name} PROPERTIES VERSION ${L_VERSION} SOVERSION ${L_SOVERSION}
    LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/lib)
  add_library(roc::${name} ALIAS ${name})

  # The package config: absolute paths in the build tree, the prefix's own in the install.
  set(package_dir ${PROJECT_BINARY_DIR}/lib/cmake/${name})
  set(config_name "${name}")
  set(config_version "${L_PACKAGE_VERSION}")
  set(config_lib "$<TARGET_FILE:${name}>")
  set(config_includes "${L_INCLUDES}")
  configure_file(${UNIHIP_HIP_LIBRARY_CONFIG_IN} ${CMAKE_CURRENT_BINARY_DIR}/${name}-config.build.in @ONLY)
  file(GENERATE OUTPUT ${package_dir}/${name}-config.cmake
    INPUT ${CMAKE_CURRENT_BINARY_DIR}/${name}-config.build.in)
  set(config_lib "\${_unihip_lib_prefix}/lib/$<TARGET_FILE_NAME:${name}>")
  set(config_includes "\${_unihip_lib_prefix}/include")
  configure_file(${UNIHIP_HIP_LIBRARY_CONFIG_IN} ${CMAKE_CURRENT_BINARY_DIR}/${name}-config.install.in @ONLY)
  file(GENERATE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/install/${name}-config.cmake
    INPUT ${CMAKE_CURRENT_BINARY_DIR}/${name}-config.install.in)
  include(CMakePackageConfigHelpers)
  write_basic_package_version_file(${package_dir}/${name}-config-version.cmake
    VERSION ${L_PACKAGE_VERSION} COMPATIBILITY SameMajorVersion)

  install(TARGETS ${name} LIBRARY DESTINATION lib)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/install/${name}-config.cmake
    ${package_dir}/${name}-config-version.cmake DESTINATION lib/cmake/${name})
  if(L_INSTALL_HEADER_DIRS)
    install(DIRECTORY ${L_INSTALL_HEADER_DIRS} DESTINATION include)
  endif()
  if(L_INSTALL_HEADER_FILES)
    install(FILES ${L_INSTALL_HEADER_FILES} DESTINATION include/${L_HEADER_SUBDIR})
  endif()
endfunction()

# unihip_check_exports(<test name> <library target> <names file> [ALSO <names…>]): a test that
# every name in the file (one a line) and each ALSO name is a defined dynamic symbol of the library.
function(unihip_check_exports test target list)
  cmake_parse_arguments(C "" "" "ALSO" ${ARGN})
  string(REPLACE ";" "," also "${C_ALSO}")
  add_test(NAME ${test} COMMAND ${CMAKE_COMMAND} -DLIB=$<TARGET_FILE:${target}> -DLIST=${list}
    "-DALSO=${also}" -P ${PROJECT_SOURCE_DIR}/cmake/check_exports.cmake)
endfunction()

# unihip_hip_header_library(<name> NAMESPACE <ns> INCLUDES <dirs…> PACKAGE_VERSION <v>
#                           [INSTALL_HEADER_DIRS <dirs…>])
# A header-only HIP library of libs/ (hipCUB): the INTERFACE target <name>, the alias <ns>::<name>,
# and find_package(<name>) -> <ns>::<name> from the build tree and the install, as ROCm names it.
set(UNIHIP_HIP_HEADER_LIBRARY_CONFIG_IN ${CMAKE_CURRENT_LIST_DIR}/hip-header-library-config.cmake.in)

function(unihip_hip_header_library name)
  cmake_parse_arguments(L "" "NAMESPACE;PACKAGE_VERSION" "INCLUDES;INSTALL_HEADER_DIRS" ${ARGN})
  foreach(required NAMESPACE INCLUDES PACKAGE_VERSION)
    if(NOT DEFINED L_${required} OR L_${required} STREQUAL "")
      message(FATAL_ERROR "unihip_hip_header_library(${name}): ${required} is required")
    endif()
  endforeach()
  add_library(${name} INTERFACE)
  set(build_includes "")
  foreach(dir IN LISTS L_INCLUDES)
    list(APPEND build_includes $<BUILD_INTERFACE:${dir}>)
  endforeach()
  target_include_directories(${name} INTERFACE ${build_includes} $<INSTALL_INTERFACE:include>)
  target_link_libraries(${name} INTERFACE unihip)
  add_library(${L_NAMESPACE}::${name} ALIAS ${name})

  set(package_dir ${PROJECT_BINARY_DIR}/lib/cmake/${name})
  set(config_name "${name}")
  set(config_namespace "${L_NAMESPACE}")
  set(config_version "${L_PACKAGE_VERSION}")
  set(config_includes "${L_INCLUDES}")
  configure_file(${UNIHIP_HIP_HEADER_LIBRARY_CONFIG_IN} ${package_dir}/${name}-config.cmake @ONLY)
  set(config_includes "\${_unihip_lib_prefix}/include")
  configure_file(${UNIHIP_HIP_HEADER_LIBRARY_CONFIG_IN}
    ${CMAKE_CURRENT_BINARY_DIR}/install/${name}-config.cmake @ONLY)
  include(CMakePackageConfigHelpers)
  write_basic_package_version_file(${package_dir}/${name}-config-version.cmake
    VERSION ${L_PACKAGE_VERSION} COMPATIBILITY SameMajorVersion)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/install/${name}-config.cmake
    ${package_dir}/${name}-config-version.cmake DESTINATION lib/cmake/${name})
  if(L_INSTALL_HEADER_DIRS)
    install(DIRECTORY ${L_INSTALL_HEADER_DIRS} DESTINATION include)
  endif()
endfunction()

# unihip_lib_bench(<executable> LIBRARY <HIP library> SOURCES <files…> DIRECT <file> HEADER <h>)
# A pair benchmark of libs/<lib>/bench: the HIP library's call against the vendor library's,
# called directly by DIRECT, which is compiled against the CUDA headers (no HIP header: both
# define the vector types) in an object library of its own. Built, as part of `all`, when the
# CUDA headers have HEADER; the RPATH finds <build>/lib wherever the build folder is copied.
set(UNIHIP_LIB_BENCH_CUDA_INCLUDE /usr/local/cuda/include CACHE PATH
  "CUDA headers for the vendor side of the libraries' benchmarks (libs/<lib>/bench)")

function(unihip_lib_bench name)
  cmake_parse_arguments(B "" "LIBRARY;DIRECT;HEADER" "SOURCES" ${ARGN})
  if(NOT EXISTS ${UNIHIP_LIB_BENCH_CUDA_INCLUDE}/${B_HEADER})
    message(STATUS "${name}: no ${B_HEADER} in ${UNIHIP_LIB_BENCH_CUDA_INCLUDE}; not built")
    return()
  endif()
  add_library(${name}_direct OBJECT ${B_DIRECT})
  target_include_directories(${name}_direct PRIVATE ${UNIHIP_LIB_BENCH_CUDA_INCLUDE}
    ${PROJECT_SOURCE_DIR}/libs/common)
  target_compile_features(${name}_direct PRIVATE cxx_std_17)
  add_executable(${name} ${B_SOURCES} $<TARGET_OBJECTS:${name}_direct>)
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR}/libs/common)
  target_link_libraries(${name} PRIVATE ${B_LIBRARY} ${CMAKE_DL_LIBS})
  file(RELATIVE_PATH to_lib ${CMAKE_CURRENT_BINARY_DIR} ${PROJECT_BINARY_DIR}/lib)
  set_target_properties(${name} PROPERTIES INSTALL_RPATH "$ORIGIN/${to_lib}")
endfunction()
