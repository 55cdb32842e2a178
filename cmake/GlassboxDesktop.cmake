# Installation (cmake --install) and the Debian package (cpack -G DEB): the programs, the desktop entry, the icon
# in the hicolor theme, the AppStream metainfo, the MIME types, man pages, bash completion and the PyTorch bridge.
#
# The application id, the MIME types and their file patterns are set here and nowhere else: the desktop entry, the
# MIME package, the metainfo and the window's "a lesson file as the argument" (app/main.cpp) are made from them.
include(GNUInstallDirs)

set(GLASSBOX_APP_ID "io.github.glassbox.Glassbox")
set(GLASSBOX_MIME_MODEL "application/x-glassbox-model")
set(GLASSBOX_MIME_LESSON "application/x-glassbox-lesson")
set(GLASSBOX_MODEL_GLOBS "*.safetensors")                       # what File → Save writes
set(GLASSBOX_LESSON_GLOBS "*.glassbox-lesson;*.lesson.json")    # lesson files (docs/lesson-file.md)

set(_glob_lines "")
foreach(g ${GLASSBOX_MODEL_GLOBS})
  string(APPEND _glob_lines "    <glob pattern=\"${g}\"/>\n")
endforeach()
set(GLASSBOX_MIME_MODEL_GLOBS "${_glob_lines}")
set(_glob_lines "")
foreach(g ${GLASSBOX_LESSON_GLOBS})
  string(APPEND _glob_lines "    <glob pattern=\"${g}\"/>\n")
endforeach()
set(GLASSBOX_MIME_LESSON_GLOBS "${_glob_lines}")

set(_desk ${PROJECT_BINARY_DIR}/desktop)
set(_res ${PROJECT_SOURCE_DIR}/resources/desktop)
configure_file(${_res}/glassbox.desktop.in ${_desk}/${GLASSBOX_APP_ID}.desktop @ONLY)
configure_file(${_res}/glassbox.metainfo.xml.in ${_desk}/${GLASSBOX_APP_ID}.metainfo.xml @ONLY)
configure_file(${_res}/glassbox-mime.xml.in ${_desk}/${GLASSBOX_APP_ID}.xml @ONLY)

# glassbox-cli: the man page and the bash completion come from its own option tables.
add_custom_command(OUTPUT ${_desk}/glassbox-cli.1 ${_desk}/glassbox-cli.bash
                   COMMAND ${CMAKE_COMMAND} -DOUT=${_desk}/glassbox-cli.1 "-DCMD=$<TARGET_FILE:glassbox-cli>;manpage"
                           -P ${PROJECT_SOURCE_DIR}/cmake/RunToFile.cmake
                   COMMAND ${CMAKE_COMMAND} -DOUT=${_desk}/glassbox-cli.bash
                           "-DCMD=$<TARGET_FILE:glassbox-cli>;completion;bash" -P ${PROJECT_SOURCE_DIR}/cmake/RunToFile.cmake
                   DEPENDS glassbox-cli ${PROJECT_SOURCE_DIR}/cmake/RunToFile.cmake VERBATIM)
set(_generated ${_desk}/glassbox-cli.1 ${_desk}/glassbox-cli.bash)

install(TARGETS glassbox-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${_desk}/glassbox-cli.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${_desk}/glassbox-cli.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME glassbox-cli)
install(FILES ${PROJECT_SOURCE_DIR}/python/glassbox_torch.py ${PROJECT_SOURCE_DIR}/python/glassbox_ddp.py
        DESTINATION ${CMAKE_INSTALL_DATADIR}/glassbox/python)

set(GLASSBOX_ICON_SIZES 16 24 32 48 64 128 256 512)
if(GLASSBOX_BUILD_GUI)
  string(REPLACE ";" "," _lesson_globs "${GLASSBOX_LESSON_GLOBS}")
  target_compile_definitions(glassbox PRIVATE GLASSBOX_LESSON_GLOBS="${_lesson_globs}")  # comma-separated
  set(_icons ${_desk}/icons)
  set(_pngs "")
  foreach(s ${GLASSBOX_ICON_SIZES})
    list(APPEND _pngs ${_icons}/${s}.png)
  endforeach()
  add_custom_command(OUTPUT ${_pngs}
                     COMMAND glassbox-render-icon ${PROJECT_SOURCE_DIR}/resources/icons/glassbox.svg ${_icons}
                             ${GLASSBOX_ICON_SIZES}
                     DEPENDS glassbox-render-icon ${PROJECT_SOURCE_DIR}/resources/icons/glassbox.svg VERBATIM)
  list(APPEND _generated ${_pngs})

  install(TARGETS glassbox RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES ${PROJECT_SOURCE_DIR}/docs/man/glassbox.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${_desk}/${GLASSBOX_APP_ID}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${_desk}/${GLASSBOX_APP_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
  install(FILES ${_desk}/${GLASSBOX_APP_ID}.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages)
  install(FILES ${PROJECT_SOURCE_DIR}/resources/icons/glassbox.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps RENAME ${GLASSBOX_APP_ID}.svg)
  foreach(s ${GLASSBOX_ICON_SIZES})
    install(FILES ${_icons}/${s}.png DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${s}x${s}/apps
            RENAME ${GLASSBOX_APP_ID}.png)
  endforeach()
  # The German translation is compiled into the program (the .qm under :/i18n, app/CMakeLists.txt); the desktop
  # entry, the metainfo and the MIME types carry their German texts themselves.
endif()
add_custom_target(glassbox_desktop_files ALL DEPENDS ${_generated})

# cpack -G DEB: glassbox_<version>_<arch>.deb; dpkg-shlibdeps finds the libraries' packages.
set(CPACK_PACKAGE_NAME glassbox)
set(CPACK_PACKAGE_VENDOR "Glassbox")
set(CPACK_PACKAGE_CONTACT "Glassbox maintainers <maintainers@glassbox.invalid>")  # no real address yet
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "a transformer you can see through: a workbench for teaching")
set(CPACK_PACKAGE_DESCRIPTION
    "Glassbox trains a tiny transformer live and shows what happens inside it: attention heatmaps per layer and head,
masks, the loss curve, decoding one token at a time under a temperature slider, the lecture notes' pseudo-code run
line by line. glassbox-cli does the same without a window; a PyTorch bridge takes models further.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Qt's own German texts (dialog buttons) and a font with every glyph (the X11 and offscreen platform plugins come
# with libqt6gui6). PyTorch (large) is only for the bridge in share/glassbox/python: suggested, not pulled in.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-translations-l10n, fonts-dejavu-core")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "python3-torch")
if(NOT GLASSBOX_PORTABLE)  # said again when cpack runs: such a package only runs on CPUs like this one
  set(CPACK_PRE_BUILD_SCRIPTS ${PROJECT_SOURCE_DIR}/cmake/CPackNativeWarning.cmake)
endif()
include(CPack)
