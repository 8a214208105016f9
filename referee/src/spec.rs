//! How to start an engine and speak to it: its command, options, protocol and limits.

use super::clock::TimeControl;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    /// USI (the default).
    Usi,
    /// CECP, the XBoard protocol (HaChu, QBoard engines).
    Cecp,
    /// ATSI, the Taikyoku site's protocol (tomatene; modern Taikyoku only).
    Atsi,
}

/// How to start an engine and set it up.
#[derive(Clone, Debug)]
pub struct EngineSpec {
    /// Name in reports.
    pub name: String,
    /// Program to run.
    pub cmd: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Engine options sent after the handshake (`name`, `value`): USI `setoption`, CECP
    /// `option NAME=VALUE`.
    pub options: Vec<(String, String)>,
    /// A fixed depth or node count for this engine alone, instead of the match's time
    /// control (as cutechess's per-engine `depth=` and `nodes=`).
    pub limit: Option<TimeControl>,
    /// The protocol it speaks.
    pub proto: Proto,
    /// Hash size in MB sent by CECP's `memory` command when the engine announces `memory=1`.
    pub memory: u32,
    /// ATSI: where a multi-step move's intermediate squares go (tomatene writes them last).
    pub steps: StepOrder,
}

impl EngineSpec {
    /// A USI engine with no options, named `name`, run as `cmd`.
    pub fn new(name: &str, cmd: &str) -> EngineSpec {
        EngineSpec {
            name: name.to_string(),
            cmd: cmd.to_string(),
            args: Vec::new(),
            options: Vec::new(),
            limit: None,
            proto: Proto::Usi,
            memory: 64,
            steps: StepOrder::Between,
        }
    }
}

/// Where a move's intermediate squares go in its text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StepOrder {
    /// `start step... end`: the ATSI spec's order and the site's host's.
    #[default]
    Between,
    /// `start end step...`: tomatene's order.
    Last,
}
