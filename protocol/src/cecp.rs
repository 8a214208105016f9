//! The CECP (XBoard protocol) loop. SKELETON: being written.
