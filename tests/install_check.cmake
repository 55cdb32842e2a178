# cmake --install into a temporary prefix: every file of the desktop integration is there and valid
# (desktop-file-validate, appstreamcli validate --strict), the MIME types resolve (update-mime-database, then Qt's
# QMimeDatabase as a file manager would ask), the installed programs, completion and bridge run, and a lesson file
# given to the window opens as a lesson.
# Usage: cmake -DBUILD=<build dir> -DWORK=<scratch> -DGUI=ON|OFF -DMIME_PROBE=<tst_mime_probe> -DPYTHON=<python3>
#              -DAPP_ID=<id> -DFIXTURES=<tests/fixtures> -P install_check.cmake
file(REMOVE_RECURSE "${WORK}")
set(P ${WORK}/prefix)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${out}\n${err}")
  endif()
  set(OUT "${out}" PARENT_SCOPE)
  set(ERR "${err}" PARENT_SCOPE)
endfunction()

run(${CMAKE_COMMAND} --install ${BUILD} --prefix ${P})

set(files
  bin/glassbox-cli
  share/man/man1/glassbox-cli.1
  share/bash-completion/completions/glassbox-cli
  share/glassbox/python/glassbox_torch.py
  share/glassbox/python/glassbox_ddp.py)
if(GUI)
  list(APPEND files
    bin/glassbox
    share/man/man1/glassbox.1
    share/applications/${APP_ID}.desktop
    share/metainfo/${APP_ID}.metainfo.xml
    share/mime/packages/${APP_ID}.xml
    share/icons/hicolor/scalable/apps/${APP_ID}.svg)
  foreach(s 16 24 32 48 64 128 256 512)
    list(APPEND files share/icons/hicolor/${s}x${s}/apps/${APP_ID}.png)
  endforeach()
endif()
foreach(f ${files})
  if(NOT EXISTS ${P}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()
list(LENGTH files n)
message(STATUS "${n} files installed")

# The programs run from the prefix.
run(${P}/bin/glassbox-cli --help)
if(NOT OUT MATCHES "usage: glassbox-cli <command>")
  message(FATAL_ERROR "installed glassbox-cli --help: ${OUT}")
endif()
run(${P}/bin/glassbox-cli --version)
if(NOT OUT MATCHES "^glassbox-cli [0-9]+\\.[0-9]+\\.[0-9]+\n$")
  message(FATAL_ERROR "installed glassbox-cli --version: '${OUT}'")
endif()
file(READ ${P}/share/man/man1/glassbox-cli.1 man)
if(NOT man MATCHES "\n\\.TH GLASSBOX\\\\-CLI 1" OR NOT man MATCHES "\\.B \\\\-\\\\-source\\\\-ids")
  message(FATAL_ERROR "glassbox-cli.1 is not the man page")
endif()

# The completion registers itself when bash sources it.
find_program(BASH bash REQUIRED)
run(${BASH} -c "source '${P}/share/bash-completion/completions/glassbox-cli' && complete -p glassbox-cli")
if(NOT OUT MATCHES "-F _glassbox_cli glassbox-cli")
  message(FATAL_ERROR "completion: ${OUT}")
endif()

# The bridge imports from where it is installed.
# (no ';' in the program: a CMake list would split it)
run(${PYTHON} -c "import sys\nsys.path.insert(0, '${P}/share/glassbox/python')\nimport glassbox_torch as gt\nprint(gt.__file__)")
if(NOT OUT MATCHES "${P}/share/glassbox/python/glassbox_torch.py")
  message(FATAL_ERROR "bridge: ${OUT}")
endif()

if(NOT GUI)
  return()
endif()

set(ENV{QT_QPA_PLATFORM} offscreen)
set(ENV{HOME} ${WORK}/home)
set(ENV{XDG_CONFIG_HOME} ${WORK}/home/.config)
set(ENV{XDG_DATA_HOME} ${WORK}/home/.local/share)
run(${P}/bin/glassbox --version)
if(NOT OUT MATCHES "Glassbox [0-9]+\\.[0-9]+\\.[0-9]+")
  message(FATAL_ERROR "installed glassbox --version: '${OUT}'")
endif()
file(READ ${P}/share/man/man1/glassbox.1 man)
run(${P}/bin/glassbox --help)
string(REGEX MATCHALL "  --[a-z-]+" opts "${OUT}")
list(LENGTH opts nopts)
if(nopts LESS 10)
  message(FATAL_ERROR "glassbox --help lists only ${nopts} options")
endif()
foreach(o ${opts})  # every option of --help is in the man page
  string(STRIP "${o}" o)
  string(REPLACE "-" "\\\\-" roff "${o}")
  if(NOT man MATCHES "\n\\.B[IR]? ${roff}[ \n]" AND NOT man MATCHES "\n\\.BR \\\\-[a-z] \", \" ${roff}\n")
    message(FATAL_ERROR "glassbox.1 lacks ${o}")
  endif()
endforeach()

# The validators of the freedesktop and AppStream specifications.
find_program(DESKTOP_FILE_VALIDATE desktop-file-validate REQUIRED)
find_program(APPSTREAMCLI appstreamcli REQUIRED)
run(${DESKTOP_FILE_VALIDATE} ${P}/share/applications/${APP_ID}.desktop)
if(OUT MATCHES "error|warning" OR ERR MATCHES "error|warning")
  message(FATAL_ERROR "desktop-file-validate: ${OUT}${ERR}")
endif()
run(${APPSTREAMCLI} validate --no-net --strict ${P}/share/metainfo/${APP_ID}.metainfo.xml)
file(READ ${P}/share/applications/${APP_ID}.desktop desktop)
if(NOT desktop MATCHES "\nExec=glassbox %f\n" OR NOT desktop MATCHES "\nIcon=${APP_ID}\n" OR
   NOT desktop MATCHES "MimeType=application/x-glassbox-model;application/x-glassbox-lesson;")
  message(FATAL_ERROR "the desktop entry does not open Glassbox's files:\n${desktop}")
endif()

# The MIME package compiles, and a file manager (here Qt's QMimeDatabase, reading the prefix) sees the types:
# a model file by its name and by its content, lesson files by their names.
find_program(UPDATE_MIME update-mime-database REQUIRED)
run(${UPDATE_MIME} ${P}/share/mime)
file(MAKE_DIRECTORY ${WORK}/files)
file(COPY_FILE ${FIXTURES}/parity/d_small.safetensors ${WORK}/files/model.safetensors)
file(COPY_FILE ${FIXTURES}/parity/d_small.safetensors ${WORK}/files/model-without-extension)
file(WRITE ${WORK}/files/notes.txt "plain text\n")
file(WRITE ${WORK}/files/reversal.glassbox-lesson "{}\n")
file(WRITE ${WORK}/files/reversal.lesson.json "{}\n")
file(WRITE ${WORK}/files/other.json "{}\n")
set(ENV{XDG_DATA_DIRS} "${P}/share:/usr/share")
run(${MIME_PROBE} ${WORK}/files/model.safetensors ${WORK}/files/model-without-extension ${WORK}/files/notes.txt
    ${WORK}/files/reversal.glassbox-lesson ${WORK}/files/reversal.lesson.json ${WORK}/files/other.json)
set(expected "model.safetensors application/x-glassbox-model
model-without-extension application/x-glassbox-model
notes.txt text/plain
reversal.glassbox-lesson application/x-glassbox-lesson
reversal.lesson.json application/x-glassbox-lesson
other.json application/json
")
if(NOT OUT STREQUAL expected)
  message(FATAL_ERROR "MIME types:\n${OUT}\nexpected:\n${expected}")
endif()

# A lesson file given to the window (a double-click) goes to the lesson reader, not the model reader.
file(WRITE ${WORK}/files/broken.glassbox-lesson "{\"title\": 5}\n")
execute_process(COMMAND ${P}/bin/glassbox ${WORK}/files/broken.glassbox-lesson --export ${WORK}/x.png
                RESULT_VARIABLE rc ERROR_VARIABLE err TIMEOUT 120)
if(rc EQUAL 0 OR NOT err MATCHES "broken.glassbox-lesson: the field [^ ]*glassbox_lesson")
  message(FATAL_ERROR "a lesson file as the argument: exit ${rc}, ${err}")
endif()
