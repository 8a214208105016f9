#!/usr/bin/env bash
# A single-node Slurm cluster on this machine (Debian's slurm-wlm: slurmctld and slurmd on
# localhost), to try scripts/match-slurm.sbatch and cli/tests/match_shards.rs's Slurm test
# without a cluster. Run as root on a Debian machine with nothing else of Slurm's configured:
#
#   apt-get install slurmctld slurmd slurm-client munge
#   scripts/slurm-localhost.sh start     # writes /etc/slurm/slurm.conf if absent, starts
#                                        # munged, slurmctld and slurmd; prints their pids
#   scripts/slurm-localhost.sh stop      # ends the daemons it started (by their pid files)
#
# The node takes the machine's CPUs and memory (`slurmd -C`); no cgroups (proctrack/linuxproc),
# no accounting. Docs: docs/distributed.md.
set -euo pipefail

conf=/etc/slurm/slurm.conf
run=/run/taikyoku-slurm
case "${1:-}" in
  start)
    mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm "$run"
    chown slurm:slurm /var/spool/slurmctld /var/log/slurm
    if [ ! -e "$conf" ]; then
      node=$(slurmd -C | head -n 1)
      cat > "$conf" <<EOF
ClusterName=localhost
SlurmctldHost=$(hostname)
SlurmUser=slurm
SlurmctldPidFile=$run/slurmctld.pid
SlurmdPidFile=$run/slurmd.pid
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
$node State=UNKNOWN
PartitionName=local Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
      # slurmd -C also prints an UpTime line; the node line is the first.
    fi
    if [ ! -e "$run/munged.pid" ]; then
      mkdir -p /run/munge && chown munge:munge /run/munge
      runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid
      cp /run/munge/munged.pid "$run/munged.pid"
    fi
    slurmctld
    slurmd
    for _ in $(seq 1 30); do
      if sinfo -h -o %T 2>/dev/null | grep -q idle; then break; fi
      sleep 1
    done
    sinfo
    for d in munged slurmctld slurmd; do echo "$d: pid $(cat "$run/$d.pid")"; done
    ;;
  stop)
    for d in slurmd slurmctld munged; do
      if [ -e "$run/$d.pid" ]; then
        kill "$(cat "$run/$d.pid")" 2>/dev/null || true
        rm -f "$run/$d.pid"
      fi
    done
    ;;
  *)
    sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//' >&2
    exit 2
    ;;
esac
