# What include paths cannot enforce (tests/layers shows that a layer cannot include one above it):
# model/ must not use Qt Gui/Widgets, whose headers its Qt Core include root still reaches; and
# model/capture/ (what readers build and lanes show) must not include the analyses built on it.
# Run as: cmake -DSOURCE_DIR=... -P checklayers.cmake
set(violations "")
function(check_layer dir forbidden_regex)
  file(GLOB_RECURSE files "${SOURCE_DIR}/${dir}/*.h" "${SOURCE_DIR}/${dir}/*.cpp")
  foreach(f ${files})
    file(STRINGS "${f}" hits REGEX "${forbidden_regex}")
    foreach(h ${hits})
      list(APPEND violations "${f}: ${h}")
    endforeach()
  endforeach()
  set(violations "${violations}" PARENT_SCOPE)
endfunction()
check_layer(model "#include [<\"](Qt(Gui|Widgets|Svg|Charts)/|Q(Painter|Widget|Image|Color|Font|Application))")
check_layer(model/capture "#include [<\"](model/|\\.\\./)(analysis|techniques)/")
if(violations)
  list(JOIN violations "\n" text)
  message(FATAL_ERROR "Layer violations:\n${text}")
endif()
message(STATUS "layers ok")
