# cmake -DOUT=<file> -DCMD="<program>;<arg>;…" -P RunToFile.cmake — runs the program, its stdout into OUT (build-time
# generated files without a shell redirection). Fails when the program fails.
execute_process(COMMAND ${CMD} OUTPUT_FILE ${OUT} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  file(REMOVE ${OUT})
  message(FATAL_ERROR "${CMD} failed (${rc})")
endif()
