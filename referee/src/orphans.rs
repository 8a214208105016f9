//! Processes that escape an engine's process group (Linux only).
//!
//! Each engine runs in a process group of its own, and killing the group ends whatever the
//! engine started ([`super::player`]). A process that calls `setsid` (or `setpgid`) leaves the
//! group and would outlive the match (issue 66). So the runner makes itself a *child subreaper*
//! (`prctl(PR_SET_CHILD_SUBREAPER)`): a process orphaned anywhere below it is reparented to the
//! runner instead of to init. The runner's own children are then the engines it started (kept
//! in a registry) and such orphans; whenever an engine is ended, [`reap`] kills and reaps every
//! child of the runner that is not a registered engine, until none is left (an orphan's own
//! children are reparented to the runner in turn, and found by the next round).
//!
//! The cost of the simple rule: a process that an engine still running has orphaned on purpose
//! (a daemon it started) is ended too when any engine ends. Engines in a match have no business
//! leaving daemons behind.

use std::io;
use std::process::{Child, Command};
use std::sync::{Mutex, MutexGuard, Once};

/// The engines this process started and has not yet reaped, by process id (a pid may be there
/// twice: an engine reaped early and a new engine that got its number).
static ENGINES: Mutex<Vec<u32>> = Mutex::new(Vec::new());

fn engines() -> MutexGuard<'static, Vec<u32>> {
    ENGINES.lock().unwrap_or_else(|e| e.into_inner())
}

/// Makes this process a child subreaper, once.
fn become_subreaper() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: prctl(2) with PR_SET_CHILD_SUBREAPER takes integers and touches no memory.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
    });
}

/// Starts an engine and registers it. The registry is locked across the start, so that a
/// concurrent [`reap`] never takes a new engine, not yet registered, for an orphan.
pub(crate) fn spawn(cmd: &mut Command) -> io::Result<Child> {
    become_subreaper();
    let mut engines = engines();
    let child = cmd.spawn()?;
    engines.push(child.id());
    Ok(child)
}

/// Forgets an engine that has been reaped.
pub(crate) fn forget(pid: u32) {
    let mut engines = engines();
    if let Some(i) = engines.iter().position(|&p| p == pid) {
        engines.swap_remove(i);
    }
}

/// Kills and reaps every child of this process that is not a registered engine: the orphans
/// reparented to it, whatever engine they came from.
pub(crate) fn reap() {
    let engines = engines();
    let me = std::process::id();
    // Each round reaps one generation; a bound, in case processes keep appearing.
    for _ in 0..64 {
        let strays: Vec<u32> = children(me)
            .into_iter()
            .filter(|p| !engines.contains(p))
            .collect();
        if strays.is_empty() {
            return;
        }
        for pid in strays {
            let Ok(p) = libc::pid_t::try_from(pid) else {
                continue;
            };
            // SAFETY: kill(2) and waitpid(2) on our own child, with no status to write.
            unsafe {
                libc::kill(p, libc::SIGKILL);
                libc::waitpid(p, std::ptr::null_mut(), 0);
            }
        }
    }
}

/// The processes whose parent is `parent`, read from `/proc/*/stat`.
fn children(parent: u32) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| parent_of(pid) == Some(parent))
        .collect()
}

/// The parent of process `pid`: the second field after the command name, which is in
/// parentheses and may itself contain spaces and parentheses.
fn parent_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    rest.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parent_is_read_from_proc() {
        let me = std::process::id();
        let mut child = Command::new("sleep").arg("5").spawn().unwrap();
        assert_eq!(parent_of(child.id()), Some(me));
        assert!(children(me).contains(&child.id()));
        let _ = child.kill();
        let _ = child.wait();
    }
}
