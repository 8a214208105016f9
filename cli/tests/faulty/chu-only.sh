#!/usr/bin/env bash
# Not faulty: like logged.sh (runs an engine, `$2` with the remaining arguments, appending every
# line it is sent to the file `$1`), but `chu-hachu` is taken out of the engine's `feature
# variants=`, as from an engine that plays chu and does not know that name (HaChu).
log="$1"
shift
tee -a "$log" | "$@" | sed -u 's/,chu-hachu"/"/'
