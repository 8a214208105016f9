#!/usr/bin/env bash
# Not faulty: like logged.sh (runs an engine, `$2` with the remaining arguments, appending every
# line it is sent to the file `$1`), but the engine's `feature myname=` says "HaChu 0.21", so
# that the match runner treats it as HaChu (its `setboard`: the placement only, in HaChu's
# letters). Our engine then reads a position it does not expect; tests look at the log only.
log="$1"
shift
tee -a "$log" | "$@" | sed -u 's/myname="[^"]*"/myname="HaChu 0.21"/'
