//! The engine: search, transposition table and time management, on top of the rules
//! (`taikyoku-movegen`) and the evaluation (`taikyoku-eval`).

pub mod backend;
pub mod search;
pub mod time;
pub mod tt;
