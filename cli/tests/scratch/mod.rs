//! Scratch files and directories for the integration tests: a path in the system's temporary
//! directory, named after the test's purpose and process, removed when the guard is dropped
//! (also when an assertion fails), so that repeated test runs leave nothing behind.

use std::path::{Path, PathBuf};

/// A path under the temporary directory that is removed (file or whole directory) on drop.
pub struct Scratch(PathBuf);

impl Scratch {
    /// `taikyoku-{stem}-{pid}.{extension}` (or `taikyoku-{name}-{pid}` for a name without an
    /// extension) under the temporary directory; whatever stands there (left by a killed run
    /// whose pid came round again) is removed first.
    pub fn new(name: &str) -> Scratch {
        let pid = std::process::id();
        let file = match name.rsplit_once('.') {
            Some((stem, ext)) => format!("taikyoku-{stem}-{pid}.{ext}"),
            None => format!("taikyoku-{name}-{pid}"),
        };
        let path = std::env::temp_dir().join(file);
        remove(&path);
        Scratch(path)
    }

    /// The path.
    pub fn path(&self) -> &Path {
        &self.0
    }

    /// The path as a command-line argument.
    #[allow(dead_code)] // each test binary compiles this module; not every one needs it
    pub fn arg(&self) -> &str {
        self.0
            .to_str()
            .expect("the temporary directory's path is UTF-8")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        remove(&self.0);
    }
}

fn remove(path: &Path) {
    if path.is_dir() {
        let _ = std::fs::remove_dir_all(path);
    } else {
        let _ = std::fs::remove_file(path);
    }
}
