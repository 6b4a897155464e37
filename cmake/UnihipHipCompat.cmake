# HIP's own names for unihip's tools and packages, in the build tree and the install:
#   bin/hipcc              unihipcc under hipcc's name (a symlink)
#   bin/unihip-clang++     the same, under a name CMake's HIP language accepts as
#                          CMAKE_HIP_COMPILER (cmake rejects any path containing "hipcc")
#   bin/hipconfig          --platform, --cpp_config, --rocmpath... (src/hipconfig/hipconfig.in)
#   lib/cmake/hip/         find_package(hip): hip::host, hip::device, hip::amdhip64
#   lib/unihip/hip-root/   the "ROCm root" CMake's HIP language looks for (unihipcc -v
#                          -print-targets and hipconfig --rocmpath name it):
#                          lib/cmake/hip-lang/ (the device runtime target),
#                          bin/rocm_agent_enumerator (default CMAKE_HIP_ARCHITECTURES),
#                          llvm/bin/clang++ (hipconfig --hipclangpath: CMake's default compiler)
# Include after the unihip and unihipcc targets exist.
include_guard(GLOBAL)
if(NOT TARGET unihipcc)
  return()
endif()

file(STRINGS ${PROJECT_SOURCE_DIR}/include/hip/hip_version.h _hip_version_lines
  REGEX "^#define HIP_VERSION_(MAJOR|MINOR|PATCH) ")
foreach(_line IN LISTS _hip_version_lines)
  if(_line MATCHES "^#define (HIP_VERSION_[A-Z]+) ([0-9]+)")
    set(${CMAKE_MATCH_1} ${CMAKE_MATCH_2})
  endif()
endforeach()
set(HIPROOT_DEFAULT_ARCHS "sm_90 gfx90a gfx942 gfx1100")  # unihipcc's defaults (options.cpp)
set(HIPCONFIG_SOURCE_INCLUDE ${PROJECT_SOURCE_DIR}/include)

set(_root ${PROJECT_BINARY_DIR})
set(_stage ${PROJECT_BINARY_DIR}/unihip-install-files)  # install variants of generated files
file(MAKE_DIRECTORY ${_root}/bin ${_root}/lib/cmake/hip ${_root}/lib/unihip/hip-root/bin
  ${_root}/lib/unihip/hip-root/llvm/bin ${_root}/lib/unihip/hip-root/lib/cmake/hip-lang
  ${_stage})

# Scripts (the same file serves the build tree and the install: paths are found at run time).
foreach(script hipconfig rocm_agent_enumerator)
  configure_file(${PROJECT_SOURCE_DIR}/src/hipconfig/${script}.in ${_stage}/${script} @ONLY)
  file(CHMOD ${_stage}/${script} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
    GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
endforeach()
file(COPY ${_stage}/hipconfig DESTINATION ${_root}/bin)
file(COPY ${_stage}/rocm_agent_enumerator DESTINATION ${_root}/lib/unihip/hip-root/bin)

# Symlinks, relative so that they hold in both trees.
file(CREATE_LINK unihipcc ${_root}/bin/hipcc SYMBOLIC)
file(CREATE_LINK unihipcc ${_root}/bin/unihip-clang++ SYMBOLIC)
file(CREATE_LINK ../../../../../bin/unihipcc ${_root}/lib/unihip/hip-root/llvm/bin/clang++ SYMBOLIC)

# Packages: the build tree points at the source headers, the install at its own.
set(HIPCFG_LIBRARY "\${_hip_prefix}/lib/libunihip.so")
set(HIPCFG_LIBRARY_FROM_ROOT "\${_hip_lang_prefix}/lib/libunihip.so")
set(HIPCFG_INCLUDE_DIR ${PROJECT_SOURCE_DIR}/include)
set(HIPCFG_INCLUDE_DIR_FROM_ROOT ${PROJECT_SOURCE_DIR}/include)
configure_file(${CMAKE_CURRENT_LIST_DIR}/hip-config.cmake.in ${_root}/lib/cmake/hip/hip-config.cmake @ONLY)
configure_file(${CMAKE_CURRENT_LIST_DIR}/hip-lang-config.cmake.in
  ${_root}/lib/unihip/hip-root/lib/cmake/hip-lang/hip-lang-config.cmake @ONLY)
set(HIPCFG_INCLUDE_DIR "\${_hip_prefix}/include")
set(HIPCFG_INCLUDE_DIR_FROM_ROOT "\${_hip_lang_prefix}/include")
configure_file(${CMAKE_CURRENT_LIST_DIR}/hip-config.cmake.in ${_stage}/hip-config.cmake @ONLY)
configure_file(${CMAKE_CURRENT_LIST_DIR}/hip-lang-config.cmake.in ${_stage}/hip-lang-config.cmake @ONLY)
include(CMakePackageConfigHelpers)
write_basic_package_version_file(${_root}/lib/cmake/hip/hip-config-version.cmake
  VERSION ${HIP_VERSION_MAJOR}.${HIP_VERSION_MINOR}.${HIP_VERSION_PATCH}
  COMPATIBILITY SameMajorVersion)
file(COPY ${_root}/lib/cmake/hip/hip-config-version.cmake DESTINATION ${_stage})

install(PROGRAMS ${_stage}/hipconfig DESTINATION bin)
install(FILES ${_root}/bin/hipcc ${_root}/bin/unihip-clang++ DESTINATION bin)
install(FILES ${_stage}/hip-config.cmake ${_stage}/hip-config-version.cmake
  DESTINATION lib/cmake/hip)
install(FILES ${_stage}/hip-lang-config.cmake DESTINATION lib/unihip/hip-root/lib/cmake/hip-lang)
install(PROGRAMS ${_stage}/rocm_agent_enumerator DESTINATION lib/unihip/hip-root/bin)
install(FILES ${_root}/lib/unihip/hip-root/llvm/bin/clang++ DESTINATION lib/unihip/hip-root/llvm/bin)
