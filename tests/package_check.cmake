# cpack -G DEB: the package is built, holds every installed file, and names the libraries it needs (found by
# dpkg-shlibdeps) and the packages it cannot do without, so that apt install ./glassbox_*.deb pulls them in.
# Usage: cmake -DBUILD=<build dir> -DWORK=<scratch> -DGUI=ON|OFF -DAPP_ID=<id> -P package_check.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(OUT "${out}" PARENT_SCOPE)
endfunction()

find_program(CPACK cpack REQUIRED)
find_program(DPKG_DEB dpkg-deb REQUIRED)
run(${CPACK} -G DEB --config ${BUILD}/CPackConfig.cmake -B ${WORK})
file(GLOB debs ${WORK}/glassbox_*_*.deb)
list(LENGTH debs n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "expected one glassbox_<version>_<arch>.deb in ${WORK}, found: ${debs}")
endif()

run(${DPKG_DEB} --field ${debs} Package Version Architecture Depends)
set(fields "${OUT}")
foreach(want "Package: glassbox" "Architecture: amd64|Architecture: arm64" "libc6" "libstdc\\+\\+6" "libqt6core6")
  if(NOT fields MATCHES "${want}")
    message(FATAL_ERROR "the package's control fields lack '${want}':\n${fields}")
  endif()
endforeach()
if(GUI)
  foreach(want libqt6gui6 libqt6widgets6 libqt6svg6 libqcustomplot2.1-qt6 qt6-translations-l10n fonts-dejavu-core)
    if(NOT fields MATCHES "${want}")
      message(FATAL_ERROR "Depends lacks ${want}:\n${fields}")
    endif()
  endforeach()
endif()

run(${DPKG_DEB} --contents ${debs})
set(contents "${OUT}")
set(files ./usr/bin/glassbox-cli ./usr/share/man/man1/glassbox-cli.1
    ./usr/share/bash-completion/completions/glassbox-cli ./usr/share/glassbox/python/glassbox_torch.py)
if(GUI)
  list(APPEND files ./usr/bin/glassbox ./usr/share/man/man1/glassbox.1 ./usr/share/applications/${APP_ID}.desktop
       ./usr/share/metainfo/${APP_ID}.metainfo.xml ./usr/share/mime/packages/${APP_ID}.xml
       ./usr/share/icons/hicolor/scalable/apps/${APP_ID}.svg ./usr/share/icons/hicolor/48x48/apps/${APP_ID}.png)
endif()
foreach(f ${files})
  string(FIND "${contents}" " ${f}\n" at)
  if(at LESS 0)
    message(FATAL_ERROR "the package lacks ${f}:\n${contents}")
  endif()
endforeach()
# the programs are executable, the rest is not
if(NOT contents MATCHES "-rwxr-xr-x [^\n]* \\./usr/bin/glassbox-cli\n")
  message(FATAL_ERROR "glassbox-cli is not executable in the package")
endif()
