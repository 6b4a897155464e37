# Install rules for the unihip package: headers, libunihip, unihipcc (installed by
# src/unihipcc), unihipinfo, and the CMake package (find_package(unihip): unihip::host,
# unihip::device, unihip_add_executable/unihip_add_library/unihip_target_sources).
# In this build tree the same names exist as aliases, so projects that add unihip with
# add_subdirectory() link the same targets.
# Include after the `unihip` and `unihipcc` targets exist.
include_guard(GLOBAL)
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(UNIHIP_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR})
set(UNIHIP_INSTALL_LIBDIR lib)  # unihipcc finds <bin>/../lib: keep it plain "lib"
set(UNIHIP_INSTALL_BINDIR ${CMAKE_INSTALL_BINDIR})
set(UNIHIP_INSTALL_CMAKEDIR ${UNIHIP_INSTALL_LIBDIR}/cmake/unihip)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/hip DESTINATION ${UNIHIP_INSTALL_INCLUDEDIR})
# CUDA's headers over unihip (docs/cuda-source.md): <prefix>/include/cuda-compat, which the
# CUDA compile puts before <prefix>/include.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/cuda-compat DESTINATION ${UNIHIP_INSTALL_INCLUDEDIR})
install(TARGETS unihip amdhip64 LIBRARY DESTINATION ${UNIHIP_INSTALL_LIBDIR})
if(TARGET unihipinfo)
  install(TARGETS unihipinfo RUNTIME DESTINATION ${UNIHIP_INSTALL_BINDIR})
endif()

if(NOT TARGET unihip::host)
  add_library(unihip::host ALIAS unihip)
  add_library(unihip_device INTERFACE)
  target_link_libraries(unihip_device INTERFACE unihip)
  add_library(unihip::device ALIAS unihip_device)
endif()

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/unihipConfig.cmake.in
  ${PROJECT_BINARY_DIR}/unihipConfig.cmake
  INSTALL_DESTINATION ${UNIHIP_INSTALL_CMAKEDIR}
  PATH_VARS UNIHIP_INSTALL_INCLUDEDIR UNIHIP_INSTALL_LIBDIR UNIHIP_INSTALL_BINDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/unihipConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/unihipConfig.cmake
  ${PROJECT_BINARY_DIR}/unihipConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/UnihipLanguage.cmake
  DESTINATION ${UNIHIP_INSTALL_CMAKEDIR})
