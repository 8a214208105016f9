//! Scratch files and directories for the integration tests: a path in the system's temporary
//! directory, named after the test's purpose and process, removed when the guard is dropped
//! (also when an assertion fails), so that repeated test runs leave nothing behind.

use std::path::{Path, PathBuf};

/// A path under the temporary directory that is removed (file or whole directory) on drop.
pub struct Scratch(PathBuf);

impl Scratch {
    /// `taikyoku-{name}-{pid}` under the temporary directory; anything a failed earlier run
    /// left there is removed first.
    pub fn new(name: &str) -> Scratch {
        let path = std::env::temp_dir().join(format!("taikyoku-{name}-{}", std::process::id()));
        remove(&path);
        Scratch(path)
    }

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
