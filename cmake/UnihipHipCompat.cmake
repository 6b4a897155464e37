# HIP's own names for unihip's tools and packages. The prefix (build tree or install) is shaped
# as a ROCm root: hipconfig --path and --rocmpath name it, and unihipcc -v -print-targets reports
# it to CMake's HIP language:
#   bin/hipcc              unihipcc under hipcc's name (a symlink)
#   bin/unihip-clang++     the same, under a name CMake's HIP language accepts as
#                          CMAKE_HIP_COMPILER (cmake rejects any path containing "hipcc")
#   bin/unihip-nvcc        unihipcc under nvcc's command line (CMAKE_CUDA_COMPILER, NVCC=)
#   bin/hipconfig          --platform, --cpp_config, --rocmpath... (src/hipconfig/hipconfig.in)
#   bin/rocm_agent_enumerator  unihip's default archs (CMake's default CMAKE_HIP_ARCHITECTURES)
#   include/hip            the headers (in the build tree a symlink to the source's)
#   lib/                   libunihip, libamdhip64 (its filter), libhiprtc
#   lib/cmake/hip/         find_package(hip): hip::host, hip::device, hip::amdhip64, HIP_VERSION*
#   lib/cmake/hip-lang/    the device runtime target CMake's HIP language loads, hip-lang_VERSION*
#   llvm/bin/clang++       hipconfig --hipclangpath (CMake's default compiler), unihipcc again
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
file(MAKE_DIRECTORY ${_root}/bin ${_root}/include ${_root}/lib/cmake/hip
  ${_root}/lib/cmake/hip-lang ${_root}/llvm/bin ${_stage})

# Scripts (the same file serves the build tree and the install: paths are found at run time).
foreach(script hipconfig rocm_agent_enumerator)
  configure_file(${PROJECT_SOURCE_DIR}/src/hipconfig/${script}.in ${_stage}/${script} @ONLY)
  file(CHMOD ${_stage}/${script} PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ
    GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  file(COPY ${_stage}/${script} DESTINATION ${_root}/bin)
endforeach()

# Symlinks, relative so that they hold in both trees (include/hip: the build tree's only).
file(CREATE_LINK unihipcc ${_root}/bin/hipcc SYMBOLIC)
file(CREATE_LINK unihipcc ${_root}/bin/unihip-clang++ SYMBOLIC)
file(CREATE_LINK unihipcc ${_root}/bin/unihip-nvcc SYMBOLIC)
file(CREATE_LINK ../../bin/unihipcc ${_root}/llvm/bin/clang++ SYMBOLIC)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/include/hip ${_root}/include/hip SYMBOLIC)
# CUDA's headers (<prefix>/include/cuda-compat, docs/cuda-source.md) and roctx.h, which their
# nvToolsExt.h includes, where the installed tree has them.
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/include/cuda-compat ${_root}/include/cuda-compat SYMBOLIC)
file(CREATE_LINK ${PROJECT_SOURCE_DIR}/include/roctracer ${_root}/include/roctracer SYMBOLIC)

# Packages: the build tree points at the source headers, the install at its own.
set(HIPCFG_LIBRARY "\${_hip_prefix}/lib/libunihip.so")
set(HIPCFG_LIBRARY_FROM_ROOT "\${_hip_lang_prefix}/lib/libunihip.so")
set(HIPCFG_INCLUDE_DIR ${PROJECT_SOURCE_DIR}/include)
set(HIPCFG_INCLUDE_DIR_FROM_ROOT ${PROJECT_SOURCE_DIR}/include)
configure_file(${CMAKE_CURRENT_LIST_DIR}/hip-config.cmake.in ${_root}/lib/cmake/hip/hip-config.cmake @ONLY)
configure_file(${CMAKE_CURRENT_LIST_DIR}/hip-lang-config.cmake.in
  ${_root}/lib/cmake/hip-lang/hip-lang-config.cmake @ONLY)
set(HIPCFG_INCLUDE_DIR "\${_hip_prefix}/include")
set(HIPCFG_INCLUDE_DIR_FROM_ROOT "\${_hip_lang_prefix}/include")
configure_file(${CMAKE_CURRENT_LIST_DIR}/hip-config.cmake.in ${_stage}/hip-config.cmake @ONLY)
configure_file(${CMAKE_CURRENT_LIST_DIR}/hip-lang-config.cmake.in ${_stage}/hip-lang-config.cmake @ONLY)
include(CMakePackageConfigHelpers)
# find_package sets <package>_VERSION(_MAJOR/_MINOR/_PATCH) from these, as with ROCm's packages.
foreach(package hip hip-lang)
  write_basic_package_version_file(${_root}/lib/cmake/${package}/${package}-config-version.cmake
    VERSION ${HIP_VERSION_MAJOR}.${HIP_VERSION_MINOR}.${HIP_VERSION_PATCH}
    COMPATIBILITY SameMajorVersion)
  file(COPY ${_root}/lib/cmake/${package}/${package}-config-version.cmake DESTINATION ${_stage})
endforeach()

install(PROGRAMS ${_stage}/hipconfig ${_stage}/rocm_agent_enumerator DESTINATION bin)
install(FILES ${_root}/bin/hipcc ${_root}/bin/unihip-clang++ ${_root}/bin/unihip-nvcc DESTINATION bin)
install(FILES ${_stage}/hip-config.cmake ${_stage}/hip-config-version.cmake
  DESTINATION lib/cmake/hip)
install(FILES ${_stage}/hip-lang-config.cmake ${_stage}/hip-lang-config-version.cmake
  DESTINATION lib/cmake/hip-lang)
install(FILES ${_root}/llvm/bin/clang++ DESTINATION llvm/bin)
