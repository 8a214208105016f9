//! Processes of this machine, for tests that check that nothing a server or match started
//! outlives it.

/// How many running processes (zombies, which run no more, not counted) have `tag` in their
/// command line.
pub fn tagged(tag: &str) -> usize {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    let mut n = 0;
    for entry in entries.flatten() {
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // pid (comm) state ...: the command name may hold spaces, so read after its ')'.
        let zombie = stat
            .rsplit_once(')')
            .is_some_and(|(_, r)| r.trim_start().starts_with('Z'));
        if !zombie && String::from_utf8_lossy(&cmdline).contains(tag) {
            n += 1;
        }
    }
    n
}
