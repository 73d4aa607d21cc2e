//! Placeholder until the WWR front end lands from its branch.
use std::path::{Path, PathBuf};

pub fn run_parse_command(
    _paths: &[PathBuf],
    _json: bool,
    _out: &mut dyn std::io::Write,
) -> anyhow::Result<bool> {
    anyhow::bail!("the WWR parser is not built into this version yet")
}
pub fn run_show_command(_dir: &Path, _out: &mut dyn std::io::Write) -> anyhow::Result<()> {
    anyhow::bail!("the WWR parser is not built into this version yet")
}
pub fn check_file(path: &Path) -> Result<(), Vec<String>> {
    Err(vec![format!(
        "{}: the WWR parser is not built into this version yet",
        path.display()
    )])
}
