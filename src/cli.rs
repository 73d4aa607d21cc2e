//! The command line (DESIGN.md "Contracts"): subcommands and what each prints.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "mafia-mod",
    version,
    about = "Offline console for the host of a forum mafia or werewolf game"
)]
pub struct Cli {
    /// Where saves live (default: the platform's data directory for mafia-mod).
    #[arg(long, global = true, value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open a save in the console.
    #[command(after_help = "Example: mafia-mod open game.ron")]
    Open {
        /// A path, or a file name in the games folder of the data directory.
        file: PathBuf,
    },
    /// Start a new game and write its save.
    #[command(
        after_help = "Example: mafia-mod new --roleset mafia-1923 --players players.txt --assign random --families 2 -o game.ron"
    )]
    New {
        #[command(flatten)]
        setup: SetupArgs,
        /// The seed of the random deal and of every draw. Without it the operating system draws
        /// a secret one, stored in the save and shown only on the host sheet, so nobody with
        /// the tool and the sign-up list can recompute the deal.
        #[arg(long)]
        seed: Option<u64>,
        /// The first phase's deadline: "2026-12-01 20:00 Europe/Moscow" (a date, a time, an
        /// IANA time zone); later phases get theirs from the roleset's phase lengths or the
        /// `deadline` command.
        #[arg(long, value_name = "DATE TIME ZONE")]
        deadline: Option<String>,
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        /// Overwrite the output file if it exists (a game in progress is otherwise kept).
        #[arg(long)]
        force: bool,
    },
    /// Validate rolesets, saves, scenarios and WWR texts; exit 1 if any is bad.
    #[command(
        after_help = "Example: mafia-mod check rolesets/mafia-1923.ron game.ron tests/scenarios/"
    )]
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Roleset commands.
    #[command(after_help = "Example: mafia-mod roleset show ru-city")]
    Roleset {
        #[command(subcommand)]
        command: RolesetCommand,
    },
    /// Run scenario files (directories recursively); exit 0 only if all pass.
    #[command(after_help = "Example: mafia-mod scenario tests/scenarios")]
    Scenario {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Export a phase's public post, one player's private results, the role PMs, the reveal
    /// post or the host sheet.
    #[command(
        after_help = "Example: mafia-mod export game.ron --phase \"Night 1\" --format bbcode"
    )]
    Export {
        /// The save: a path, or a file name in the games folder of the data directory.
        file: PathBuf,
        /// The phase by name ("Night 1"); default: the last committed phase.
        #[arg(long)]
        phase: Option<String>,
        /// The round of a multi-round phase ("vote", "revote"); default: its first round.
        #[arg(long, requires = "phase")]
        round: Option<String>,
        /// The markup (default: the config file's `markup`, else text).
        #[arg(long, value_enum)]
        format: Option<Format>,
        /// A player (slot) name: their private results instead of the public post (with
        /// `--roles`: their role PM alone); or a group's name (a WWR pack's `Den`): the
        /// messages to its channel.
        #[arg(long)]
        private: Option<String>,
        /// The role PMs of every player as dealt (role, its text, limits, partners), then the PM
        /// each later change of role sends; from the roleset's templates (in its language).
        #[arg(long, conflicts_with_all = ["phase", "recap", "host"])]
        roles: bool,
        /// The reveal post: the winners, every dealt role and each change, and what each phase
        /// did. Refused before the game is over (it would name every living player's role).
        #[arg(long, conflicts_with_all = ["phase", "private", "host"])]
        recap: bool,
        /// The host sheet: roles, statuses, uses and hidden values. For the host only.
        #[arg(long, conflicts_with_all = ["phase", "private"])]
        host: bool,
        /// What a player was told, every phase: his role PMs, private results and messages to
        /// his channels (to check his claims against). For the host only.
        #[arg(long, value_name = "NAME", conflicts_with_all = ["phase", "private", "roles", "recap", "host"])]
        ledger: Option<String>,
        /// The order of resolution for the roles in play: each stage of a night (and a day) in
        /// the order the engine runs it, who acts in it, what each action tells, and the
        /// stages the rules run. For the host only.
        #[arg(long, conflicts_with_all = ["phase", "private", "roles", "recap", "host", "ledger"])]
        night_order: bool,
        /// The rules post, from the roleset and the options in force, in the roleset's
        /// language: phases and rounds, each vote's majority and tie rule, what is announced
        /// and what is private, the order of resolution, the options, the wording of results.
        /// It names no player and no role in play.
        #[arg(long, conflicts_with_all = ["phase", "private", "roles", "recap", "host", "ledger", "night_order"])]
        rules: bool,
        /// The open phase's deadline as a post states it: in its own zone, then in each of
        /// `--zones` (Markdown adds Discord's timestamps, which every reader sees in his zone).
        #[arg(long, conflicts_with_all = ["phase", "private", "roles", "recap", "host", "ledger", "night_order", "rules"])]
        deadline: bool,
        /// With `--deadline`: the time zones to show it in as well, comma-separated IANA names
        /// (default: the config file's `zones`, else UTC).
        #[arg(long, value_delimiter = ',', requires = "deadline")]
        zones: Vec<String>,
    },
    /// Read pasted PMs, vote posts or a table of form submissions (FILE, or `-` for standard
    /// input) and print one suggested entry per message in the `:` command syntax, or
    /// `? NAME: reason` where it cannot decide. Changes nothing.
    #[command(after_help = "Example: mafia-mod suggest game.ron pms.txt > night.txt")]
    Suggest {
        /// The save: a path, or a file name in the games folder of the data directory.
        game: PathBuf,
        input: PathBuf,
        /// Before each message's lines, `#` comments with what was matched and any doubt
        /// (`apply` skips them).
        #[arg(long)]
        explain: bool,
    },
    /// Apply `:` command lines (FILE, or `-` for standard input) to a save as entries, all or
    /// nothing: the first refused line is reported and the save is left as it was. Before each
    /// `commit` the commit check is printed; a commit with votes missing is refused unless
    /// `--force`.
    #[command(after_help = "Example: mafia-mod apply game.ron night.txt")]
    Apply {
        /// The save: a path, or a file name in the games folder of the data directory.
        game: PathBuf,
        input: PathBuf,
        /// Commit even where the commit check finds votes missing.
        #[arg(long)]
        force: bool,
        /// What to do first with a journal of the save (entries a console wrote down and did
        /// not save): `keep-aside` renames it so no start offers it again, `drop` deletes it.
        /// Without it, `apply` refuses a save with one and lists its entries: open the save
        /// in the console to see both and choose.
        #[arg(long, value_enum, value_name = "WHAT")]
        journal: Option<JournalFlag>,
    },
    /// Werewolves Revamped formal texts.
    #[command(after_help = "Example: mafia-mod wwr parse rolesets/wwr-demo/")]
    Wwr {
        #[command(subcommand)]
        command: WwrCommand,
    },
    /// Print the shell completion script for SHELL (bash, zsh, fish, elvish, powershell).
    #[command(
        after_help = "Example: mafia-mod completions bash > ~/.local/share/bash-completion/completions/mafia-mod"
    )]
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Play a setup many times with the real rules, every entry drawn from what the rules allow
    /// (`--policy random`, or `informed`: players act on what they were told), and report who
    /// won: win rate per side (per family in 1923) with its 95% interval, the draws, the games
    /// stopped at the cap, the lengths, each role's survival and wins; `--compare` plays a
    /// second setup on the same seeds. The same seed gives the same report.
    #[command(
        after_help = "Example: mafia-mod simulate --roleset mafia-1923 --players players.txt --assign random --families 3 --games 1000\nExample: mafia-mod simulate --roleset ru-city --players a.txt --policy informed --compare \"--players b.txt\""
    )]
    Simulate {
        #[command(flatten)]
        setup: SetupArgs,
        /// How many games.
        #[arg(long, default_value_t = 1000)]
        games: u32,
        /// The run's seed (each game's seed and deal follow from it).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How the players play: `random` (uniform over what the rules allow) or `informed`
        /// (a black check is voted, a team votes together, killers spare their partners).
        #[arg(long, default_value = "random")]
        policy: String,
        /// Stop a game that has not ended after this many phases (reported).
        #[arg(long, default_value_t = 60)]
        cap: u32,
        /// `table` for the terminal; `json` (each side's `wins` and `win_rate`) or `csv` for tools.
        #[arg(long, value_enum, default_value_t = SimFormat::Table)]
        format: SimFormat,
        /// A second setup to play on the same seeds, written as the setup flags that differ
        /// from the first (`--players other.txt --option doctor=off`); the report gives both
        /// and the difference of each side's win rate.
        #[arg(long, value_name = "FLAGS", allow_hyphen_values = true)]
        compare: Option<String>,
    },
    /// Print where the config file is and the settings in force (markup, theme, time zones,
    /// data directory, mouse); exit 1 if the file does not read, naming its line and column.
    #[command(after_help = "Example: mafia-mod config")]
    Config,
    /// Print the manual page (roff), for `man -l -` or a `man1` folder.
    #[command(after_help = "Example: mafia-mod man > ~/.local/share/man/man1/mafia-mod.1")]
    Man,
}

/// A game's setup, as `new` and `simulate` take it.
#[derive(Args, Clone, Debug)]
pub struct SetupArgs {
    /// A bundled roleset id or a roleset file (a WWR setup file too).
    #[arg(long)]
    pub roleset: String,
    /// Players: one per line `Name | Family | role[+second role] | beginner`, or a RON list.
    #[arg(long)]
    pub players: PathBuf,
    /// `random`: deal roles by the roleset's setup rules; `manual`: roles are in the file.
    #[arg(long, value_enum, default_value_t = Assign::Manual)]
    pub assign: Assign,
    /// Roleset options as `key=value`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Spread the players without a family over N families (or the named ones, `A,B`),
    /// in equal blocks in the file's order.
    #[arg(long, value_name = "N|NAMES")]
    pub families: Option<String>,
}

/// The flags `simulate --compare` takes: those of [`SetupArgs`], each optional (the first
/// setup's value where absent; options are added to the first setup's, a later one winning).
#[derive(Parser, Clone, Debug, Default)]
#[command(name = "--compare", no_binary_name = true)]
pub struct CompareArgs {
    #[arg(long)]
    pub roleset: Option<String>,
    #[arg(long)]
    pub players: Option<PathBuf>,
    #[arg(long, value_enum)]
    pub assign: Option<Assign>,
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    #[arg(long, value_name = "N|NAMES")]
    pub families: Option<String>,
}

impl CompareArgs {
    /// The second setup: `first` with these flags changed.
    pub fn over(self, first: &SetupArgs) -> SetupArgs {
        SetupArgs {
            roleset: self.roleset.unwrap_or_else(|| first.roleset.clone()),
            players: self.players.unwrap_or_else(|| first.players.clone()),
            assign: self.assign.unwrap_or(first.assign),
            options: first.options.iter().chain(&self.options).cloned().collect(),
            families: self.families.or_else(|| first.families.clone()),
        }
    }
}

/// How `simulate` prints its report.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimFormat {
    Table,
    Json,
    Csv,
}

#[derive(Subcommand, Debug)]
pub enum RolesetCommand {
    /// Print every role, ability id, target kinds, stage and limit.
    #[command(after_help = "Example: mafia-mod roleset show mafia-1923")]
    Show {
        roleset: String,
        /// For a WWR folder: one line per role, `NAME<TAB>executable` or
        /// `NAME<TAB>not yet executable: <reason>`.
        #[arg(long)]
        summary: bool,
    },
}

#[derive(Subcommand, Debug)]
pub enum WwrCommand {
    /// Parse WWR texts; last line "N parsed, M failed".
    #[command(after_help = "Example: mafia-mod wwr parse rolesets/wwr-demo/ --json")]
    Parse {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Print the syntax tree as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// `apply --journal`: what to do with a journal of the save before applying.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum JournalFlag {
    /// Rename it (`NAME.ron.journal-PID-aside-TIME`): kept, and never offered again.
    KeepAside,
    /// Delete it: its entries are in no file any more.
    Drop,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assign {
    Random,
    Manual,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Bbcode,
    Markdown,
    Text,
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
