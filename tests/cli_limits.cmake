# glassbox-cli under pressure: sizes refused before anything is allocated (against the machine and against
# ulimit -v), and saves that fail (a full disk, a read-only folder, a folder that is gone) keep the old file.
# Usage: cmake -DCLI=<glassbox-cli> -DWORK=<scratch dir> -P cli_limits.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

# run(<expected exit code> <stderr must contain> command…)
function(run expect_rc expect_err)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc STREQUAL "${expect_rc}")
    message(FATAL_ERROR "expected exit ${expect_rc}, got ${rc}: ${ARGN}\n${err}")
  endif()
  if(NOT expect_err STREQUAL "" AND NOT err MATCHES "${expect_err}")
    message(FATAL_ERROR "stderr should match '${expect_err}': ${ARGN}\n${err}")
  endif()
  set(ERR "${err}" PARENT_SCOPE)
endfunction()

# The largest sizes the workbench offers: about 95 GB to train one sequence. Refused with the estimate, nothing made.
run(2 "needs about [0-9]+ MB of memory.*more than the [0-9]+ MB available"
    ${CLI} init --variant encoder-decoder --vocab-size 1000 --max-len 4096 --layers 24 --heads 16 --d-model 1024
    --d-mlp 8192 --out ${WORK}/huge.safetensors)
if(EXISTS ${WORK}/huge.safetensors)
  message(FATAL_ERROR "a refused model was written")
endif()

# ulimit -v 1 GB: 1.5 GB of parameters cannot be allocated (std::bad_alloc, exit 134, without the check); the
# check knows the limit and refuses before allocating, with the estimate.
run(2 "needs about [0-9]+ MB of memory.*more than the [0-9]+ MB available"
    sh -c "ulimit -v 1048576 && exec \"$0\" init --variant decoder-only --vocab-size 1000 --max-len 64 --layers 8 --heads 16 --d-model 2048 --d-mlp 8192 --out ${WORK}/big.safetensors"
    ${CLI})
if(EXISTS ${WORK}/big.safetensors)
  message(FATAL_ERROR "a refused model was written")
endif()
# the same limit, a small model and a run whose batch needs more than it: train refuses too
run(0 "" ${CLI} init --variant decoder-only --vocab-size 50 --max-len 512 --layers 2 --heads 4 --d-model 256
    --d-mlp 1024 --seed 1 --out ${WORK}/small.safetensors)
set(lines "")
foreach(i RANGE 1 40)
  string(APPEND lines "{\"ids\": [")
  foreach(j RANGE 1 500)
    string(APPEND lines "7, ")
  endforeach()
  string(APPEND lines "8]}\n")
endforeach()
file(WRITE ${WORK}/long.jsonl "${lines}")
run(2 "the run needs about [0-9]+ MB of memory"
    sh -c "ulimit -v 1048576 && exec \"$0\" train --model ${WORK}/small.safetensors --data ${WORK}/long.jsonl --batch-size 40 --steps 1 --out ${WORK}/small2.safetensors"
    ${CLI})
if(EXISTS ${WORK}/small2.safetensors)
  message(FATAL_ERROR "a refused run wrote a model")
endif()

# A save that fails keeps the previous file byte for byte, leaves no temporary file, and says why.
file(MAKE_DIRECTORY ${WORK}/keep)
run(0 "" ${CLI} init --variant decoder-only --vocab-size 7 --max-len 8 --layers 1 --heads 2 --d-model 8 --d-mlp 16
    --seed 1 --out ${WORK}/keep/m.safetensors)
file(SHA256 ${WORK}/keep/m.safetensors before)
file(WRITE ${WORK}/tiny.jsonl "{\"ids\": [1, 2, 3]}\n")
# a full disk (injected: the write fails after 64 bytes with ENOSPC), for init and for train's save
run(1 "keep/m.safetensors: write failed \\(No space left on device\\); the previous file is unchanged"
    ${CMAKE_COMMAND} -E env GLASSBOX_TEST_WRITE_FAULT=disk-full
    ${CLI} init --variant decoder-only --vocab-size 7 --max-len 8 --layers 1 --heads 2 --d-model 8 --d-mlp 16
    --seed 2 --out ${WORK}/keep/m.safetensors)
run(1 "keep/m.safetensors: write failed \\(No space left on device\\)"
    ${CMAKE_COMMAND} -E env GLASSBOX_TEST_WRITE_FAULT=disk-full
    ${CLI} train --model ${WORK}/keep/m.safetensors --data ${WORK}/tiny.jsonl --steps 1 --out ${WORK}/keep/m.safetensors)
# a read-only folder (root writes anywhere: as nobody, as a user would)
file(CHMOD ${WORK}/keep DIRECTORY_PERMISSIONS OWNER_READ OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
execute_process(COMMAND id -u OUTPUT_VARIABLE uid OUTPUT_STRIP_TRAILING_WHITESPACE)
set(as_user "")
if(uid STREQUAL "0")
  set(as_user setpriv --reuid=65534 --regid=65534 --clear-groups)
  file(CHMOD ${WORK} DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
endif()
run(1 "keep/m.safetensors: cannot create a temporary file beside it \\(Permission denied\\)"
    ${as_user} ${CLI} init --variant decoder-only --vocab-size 7 --max-len 8 --layers 1 --heads 2 --d-model 8
    --d-mlp 16 --seed 3 --out ${WORK}/keep/m.safetensors)
file(CHMOD ${WORK}/keep DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
file(SHA256 ${WORK}/keep/m.safetensors after)
if(NOT before STREQUAL after)
  message(FATAL_ERROR "a failed save changed the previous file")
endif()
file(GLOB left ${WORK}/keep/*)
if(NOT left STREQUAL "${WORK}/keep/m.safetensors")
  message(FATAL_ERROR "a failed save left files behind: ${left}")
endif()
# a folder that is gone
file(REMOVE_RECURSE ${WORK}/gone)
run(1 "gone/m.safetensors: cannot create a temporary file beside it \\(No such file or directory\\)"
    ${CLI} train --model ${WORK}/keep/m.safetensors --data ${WORK}/tiny.jsonl --steps 1 --out ${WORK}/gone/m.safetensors)
