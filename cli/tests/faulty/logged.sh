#!/usr/bin/env bash
# Not faulty: runs an engine (`$2`, with the remaining arguments) and appends every line it is
# sent to the file `$1`, so that tests can check what the match runner said to it.
log="$1"
shift
tee -a "$log" | exec "$@"
