# glassbox-cli end to end: init → forward → train (with a log) → generate, and bad input rejected with a message.
# Usage: cmake -DCLI=<glassbox-cli> -DWORK=<scratch dir> -DFIXTURES=<tests/fixtures> -P cli_smoke.cmake
file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}")

function(run expect_ok)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(expect_ok AND NOT rc EQUAL 0)
    message(FATAL_ERROR "failed (${rc}): ${ARGN}\n${err}")
  elseif(NOT expect_ok AND rc EQUAL 0)
    message(FATAL_ERROR "should have failed: ${ARGN}\n${out}")
  endif()
  set(OUT "${out}" PARENT_SCOPE)
  set(ERR "${err}" PARENT_SCOPE)
endfunction()

# A decoder-only model: forward prints one row of |V| log-probs per position.
run(TRUE ${CLI} init --variant decoder-only --vocab-size 7 --max-len 8 --layers 2 --heads 2 --d-model 8 --d-mlp 16
    --seed 1 --out ${WORK}/d.safetensors)
run(TRUE ${CLI} forward --model ${WORK}/d.safetensors --ids 3,1,4)
string(JSON rows LENGTH "${OUT}" logprobs)
string(JSON cols LENGTH "${OUT}" logprobs 0)
if(NOT rows EQUAL 3 OR NOT cols EQUAL 7)
  message(FATAL_ERROR "forward: expected 3 rows of 7 log-probs, got ${rows} × ${cols}")
endif()

# Seed-exact training with a log: one line per step, with step and loss.
file(WRITE ${WORK}/data.jsonl "{\"ids\": [1, 2, 3, 4]}\n{\"ids\": [4, 3, 2]}\r\n\n{\"ids\": [5, 6]}\n")
run(TRUE ${CLI} train --model ${WORK}/d.safetensors --data ${WORK}/data.jsonl --out ${WORK}/d2.safetensors
    --optimizer sgd --batch-size 1 --loss sum --clip 0 --no-shuffle --epochs 2 --log ${WORK}/log.jsonl)
file(STRINGS ${WORK}/log.jsonl log)
list(LENGTH log n)
if(NOT n EQUAL 6)
  message(FATAL_ERROR "train: expected 6 log lines (3 examples × 2 epochs), got ${n}")
endif()
list(GET log 0 first)
string(JSON step GET "${first}" step)
string(JSON loss GET "${first}" loss)
if(NOT step EQUAL 0 OR loss LESS_EQUAL 0)
  message(FATAL_ERROR "train: bad first log line ${first}")
endif()

# Greedy generation is reproducible and the JSON record has a step per new token.
run(TRUE ${CLI} generate --model ${WORK}/d2.safetensors --ids 1,2 --max-new 4 --temperature 0 --json)
string(JSON nids LENGTH "${OUT}" ids)
string(JSON nsteps LENGTH "${OUT}" steps)
string(JSON how GET "${OUT}" steps 0 how)
if(NOT nids EQUAL 4 OR NOT nsteps EQUAL 4 OR NOT how STREQUAL "argmax")
  message(FATAL_ERROR "generate --json: ${nids} ids, ${nsteps} steps, how=${how}")
endif()
run(TRUE ${CLI} generate --model ${WORK}/d2.safetensors --ids 1,2 --max-new 4 --temperature 0 --no-cache)
string(STRIP "${OUT}" nocache)
run(TRUE ${CLI} generate --model ${WORK}/d2.safetensors --ids 1,2 --max-new 4 --temperature 0)
string(STRIP "${OUT}" cached)
if(NOT nocache STREQUAL cached)
  message(FATAL_ERROR "generate: cached '${cached}' differs from --no-cache '${nocache}'")
endif()

# An encoder-decoder model with bos/eos: generate starts from bos.
run(TRUE ${CLI} init --variant encoder-decoder --vocab-size 9 --max-len 6 --layers 1 --heads 2 --d-model 8 --d-mlp 16
    --bos-id 1 --eos-id 2 --out ${WORK}/ed.safetensors)
run(TRUE ${CLI} generate --model ${WORK}/ed.safetensors --source-ids 3,4,5 --beam 2 --max-new 3 --json)
string(JSON tree LENGTH "${OUT}" beam_tree)
if(tree LESS 2)
  message(FATAL_ERROR "generate --beam: no beam tree")
endif()

# Bad input: a clear message on stderr and a non-zero status.
macro(expect_error pattern)
  run(FALSE ${ARGN})
  if(NOT ERR MATCHES "${pattern}")
    message(FATAL_ERROR "expected an error matching '${pattern}', got: ${ERR}")
  endif()
endmacro()
expect_error("d_e = 10 must be divisible by the number of heads H = 3" ${CLI} init --variant decoder-only
    --vocab-size 5 --max-len 4 --layers 1 --heads 3 --d-model 10 --d-mlp 8 --out ${WORK}/bad.safetensors)
expect_error("unknown option --colour" ${CLI} forward --model ${WORK}/d.safetensors --colour red)
expect_error("token 1 is id 9" ${CLI} forward --model ${WORK}/d.safetensors --ids 3,9)
expect_error("more than ℓ_max = 8" ${CLI} forward --model ${WORK}/d.safetensors --ids 1,1,1,1,1,1,1,1,1)
expect_error("cli_bad.jsonl:2" ${CLI} train --model ${WORK}/d.safetensors --data ${FIXTURES}/../cli_bad.jsonl --out ${WORK}/x.safetensors)
file(WRITE ${WORK}/junk.safetensors "not a model at all")
expect_error("header length" ${CLI} forward --model ${WORK}/junk.safetensors --ids 1)
expect_error("cannot open" ${CLI} forward --model ${WORK}/missing.safetensors --ids 1)
# divergence: caught at the step where it appears, exit non-zero, nothing saved
file(REMOVE ${WORK}/nan.safetensors)
expect_error("became NaN or infinite.*Nothing was saved" ${CLI} train --model ${WORK}/d.safetensors
    --data ${WORK}/data.jsonl --out ${WORK}/nan.safetensors --optimizer sgd --lr 1e6 --steps 100)
if(EXISTS ${WORK}/nan.safetensors)
  message(FATAL_ERROR "a diverged run saved its parameters")
endif()
expect_error("learning rate η: expected a number from 0 to 1e9, found 1e\\+12" ${CLI} train --model ${WORK}/d.safetensors
    --data ${WORK}/data.jsonl --out ${WORK}/nan.safetensors --optimizer sgd --lr 1e12)
message(STATUS "glassbox-cli smoke test passed")
