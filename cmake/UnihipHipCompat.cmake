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
#   cuda/                  a CUDA toolkit's layout over unihip, the TOP unihip-nvcc -v reports:
#                          what CMake's find_package(CUDAToolkit) and CUDA::cudart look for
#                          (bin/nvcc, include/cuda_runtime.h, lib64/libcudart.so...)
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

# The math libraries' headers beside HIP's, where the install has them (<prefix>/include/hiprand
# ...), so CUDA's curand.h, cublas_v2.h... resolve in the build tree too: a link per header of
# the source and of the generated folder (those appear once the library is built; the next
# configure, which scripts/build.sh runs each time, links them).
foreach(_lib hipblas hipblas-common hipfft hiprand hipsparse hipsolver)
  set(_dirs)
  foreach(_base ${PROJECT_SOURCE_DIR}/libs ${PROJECT_BINARY_DIR}/libs)
    file(GLOB _found LIST_DIRECTORIES true ${_base}/*/include/${_lib} ${_base}/*/generated/include/${_lib})
    list(APPEND _dirs ${_found})
  endforeach()
  if(NOT _dirs)
    continue()
  endif()
  file(REMOVE_RECURSE ${_root}/include/${_lib})
  file(MAKE_DIRECTORY ${_root}/include/${_lib})
  foreach(_dir IN LISTS _dirs)
    file(GLOB _headers RELATIVE ${_dir} ${_dir}/*)
    foreach(_h IN LISTS _headers)
      file(CREATE_LINK ${_dir}/${_h} ${_root}/include/${_lib}/${_h} SYMBOLIC)
    endforeach()
  endforeach()
endforeach()

# The CUDA toolkit view (docs/cuda-source.md, "Public CUDA samples"). include/ holds a link per
# entry of cuda-compat plus hip/ and roctracer/, so host C++ compiled by another compiler with
# only the toolkit's include folder still finds the HIP headers CUDA's include. The static
# runtime archives are empty: CMake links them by default, libunihip provides the runtime.
set(_cuda ${_root}/cuda)
file(REMOVE_RECURSE ${_cuda})
# include/cccl/{cuda,nv}: libcu++'s folders, empty (unihip has no libcu++), which build files
# that copy them for NVRTC (the samples' matrixMul_nvrtc) expect.
file(MAKE_DIRECTORY ${_cuda}/bin ${_cuda}/include ${_cuda}/lib64 ${_cuda}/include/cccl/cuda
  ${_cuda}/include/cccl/nv)
file(CREATE_LINK ../../bin/unihipcc ${_cuda}/bin/nvcc SYMBOLIC)
file(GLOB _cuda_headers RELATIVE ${PROJECT_SOURCE_DIR}/include/cuda-compat
  ${PROJECT_SOURCE_DIR}/include/cuda-compat/*)
set(_cuda_include_links)
foreach(_entry IN LISTS _cuda_headers)
  file(CREATE_LINK ../../include/cuda-compat/${_entry} ${_cuda}/include/${_entry} SYMBOLIC)
  list(APPEND _cuda_include_links ${_cuda}/include/${_entry})
endforeach()
foreach(_entry hip roctracer hipblas hipblas-common hipfft hiprand hipsparse hipsolver)
  if(EXISTS ${_root}/include/${_entry} OR _entry MATCHES "^(hip|roctracer)$")
    file(CREATE_LINK ../../include/${_entry} ${_cuda}/include/${_entry} SYMBOLIC)
    list(APPEND _cuda_include_links ${_cuda}/include/${_entry})
  endif()
endforeach()
foreach(_pair cudart:unihip cuda:unihip nvrtc:hiprtc nvToolsExt:roctx64 cublas:hipblas
    cufft:hipfft curand:hiprand cusparse:hipsparse cusolver:hipsolver)
  string(REPLACE ":" ";" _pair ${_pair})
  list(GET _pair 0 _cuda_lib)
  list(GET _pair 1 _unihip_lib)
  file(CREATE_LINK ../../lib/lib${_unihip_lib}.so ${_cuda}/lib64/lib${_cuda_lib}.so SYMBOLIC)
endforeach()
# The driver stub where toolkits keep it (the samples' Makefiles look for lib64/stubs/libcuda.so).
file(MAKE_DIRECTORY ${_cuda}/lib64/stubs)
file(CREATE_LINK ../../../lib/libunihip.so ${_cuda}/lib64/stubs/libcuda.so SYMBOLIC)
foreach(_archive cudart_static cudadevrt culibos)
  file(WRITE ${_cuda}/lib64/lib${_archive}.a "!<arch>\n")
endforeach()
file(WRITE ${_cuda}/version.json "{\n  \"cuda\" : { \"name\" : \"unihip's CUDA API\", \"version\" : \"13.0.0\" }\n}\n")

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
install(FILES ${_cuda}/bin/nvcc DESTINATION cuda/bin)
install(FILES ${_cuda_include_links} DESTINATION cuda/include)
install(DIRECTORY ${_cuda}/lib64 DESTINATION cuda)
install(DIRECTORY ${_cuda}/include/cccl DESTINATION cuda/include)
install(FILES ${_cuda}/version.json DESTINATION cuda)
