# Read by cpack once per generator (CPACK_PROJECT_CONFIG_FILE): how the installed files lose their
# debug information, as packaging/CMakeLists.txt explains.
if(CPACK_GENERATOR STREQUAL "DEB" AND CPACK_LANESCOPE_DEBUG_INFO)
  set(CPACK_STRIP_FILES OFF)
  set(CPACK_DEBIAN_DEBUGINFO_PACKAGE ON)
else()
  set(CPACK_STRIP_FILES ON)
  set(CPACK_DEBIAN_DEBUGINFO_PACKAGE OFF)
endif()
