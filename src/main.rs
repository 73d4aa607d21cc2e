use clap::Parser;
use mafia_mod::cli::{Cli, Command, Format, RolesetCommand, WwrCommand};
use mafia_mod::commands;
use mafia_mod::export::Markup;
use std::io::Write;
use std::process::ExitCode;

/// A replay allocates and frees small strings and vectors by the thousand: with mimalloc a
/// 2,000-entry save replays in two thirds of the time the system allocator takes
/// (`cargo bench --bench engine -- load_save`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        // A reader that went away (`mafia-mod ... | head`) is not an error worth reporting.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| c.downcast_ref::<std::io::Error>())
        .any(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
}

/// Run a command; `Ok(false)` means it ran and found problems (exit 1).
fn run(mut cli: Cli) -> anyhow::Result<bool> {
    let mut out = std::io::stdout().lock();
    if matches!(cli.command, Some(Command::Config)) {
        return commands::config(&mut out);
    }
    // The host's settings: a file that does not read stops every command, naming its place.
    let config = mafia_mod::config::load().map_err(|e| anyhow::anyhow!("{e}"))?;
    if cli.data_dir.is_none() {
        cli.data_dir = config.data_dir.clone();
    }
    if matches!(cli.command, None | Some(Command::Open { .. })) {
        mafia_mod::log::init(cli.data_dir.as_deref());
    }
    match cli.command {
        None => mafia_mod::console::run_default(cli.data_dir.as_deref(), &config, &mut out),
        Some(Command::Open { file }) => {
            let file = commands::find_save(&file, cli.data_dir.as_deref());
            mafia_mod::console::run_file(&file, cli.data_dir.as_deref(), &config, &mut out)
        }
        Some(Command::Config) => commands::config(&mut out),
        Some(Command::Simulate {
            setup,
            games,
            seed,
            policy,
            cap,
            format,
            compare,
        }) => {
            let run = commands::simulate::Run {
                games,
                seed,
                policy: &policy,
                cap,
                format,
                compare: compare.as_deref(),
            };
            commands::simulate::simulate(&setup, &run, &mut out)?;
            Ok(true)
        }
        Some(Command::New {
            setup,
            seed,
            output,
            force,
            deadline,
        }) => {
            if output.exists() && !force {
                anyhow::bail!(
                    "{} exists: a game may be in progress there; choose another -o, or add --force to overwrite it",
                    output.display()
                );
            }
            let args = commands::NewGameArgs {
                seed,
                output: &output,
                force,
                deadline: deadline.as_deref(),
                ..commands::NewGameArgs::of(&setup)
            };
            commands::new_game(args, &mut out)?;
            Ok(true)
        }
        Some(Command::Check { files }) => commands::check(&files, &mut out),
        Some(Command::Roleset {
            command: RolesetCommand::Show { roleset, summary },
        }) => {
            commands::roleset_show(&roleset, summary, &mut out)?;
            Ok(true)
        }
        Some(Command::Scenario { paths }) => {
            Ok(mafia_mod::scenario::run_command(&paths, &mut out)?)
        }
        Some(Command::Export {
            file,
            phase,
            round,
            format,
            private,
            roles,
            recap,
            host,
            ledger,
            night_order,
            rules,
            deadline,
            zones,
        }) => {
            let markup = match format {
                Some(Format::Bbcode) => Markup::Bbcode,
                Some(Format::Markdown) => Markup::Markdown,
                Some(Format::Text) => Markup::Text,
                None => config.markup(),
            };
            let zones = if zones.is_empty() {
                config.zones()
            } else {
                zones
            };
            let file = commands::find_save(&file, cli.data_dir.as_deref());
            let (sheet, private) = match ledger {
                Some(name) => (Some(commands::Sheet::Ledger), Some(name)),
                None => (None, private),
            };
            let sheet = if sheet.is_some() {
                sheet
            } else if night_order {
                Some(commands::Sheet::NightOrder)
            } else if rules {
                Some(commands::Sheet::Rules)
            } else if deadline {
                Some(commands::Sheet::Deadline(zones))
            } else if roles {
                Some(commands::Sheet::Roles)
            } else if recap {
                Some(commands::Sheet::Recap)
            } else if host {
                Some(commands::Sheet::Host)
            } else {
                None
            };
            match sheet {
                Some(sheet) => {
                    commands::export_sheet(&file, sheet, private.as_deref(), markup, &mut out)?
                }
                None => commands::export(
                    &file,
                    phase.as_deref(),
                    round.as_deref(),
                    markup,
                    private.as_deref(),
                    &mut out,
                )?,
            }
            out.flush()?;
            Ok(true)
        }
        Some(Command::Suggest {
            game,
            input,
            explain,
        }) => commands::suggest(&game, &input, explain, cli.data_dir.as_deref(), &mut out),
        Some(Command::Apply {
            game,
            input,
            force,
            journal,
        }) => commands::apply(
            &game,
            &input,
            force,
            journal,
            cli.data_dir.as_deref(),
            &mut out,
        ),
        Some(Command::Wwr {
            command: WwrCommand::Parse { paths, json },
        }) => mafia_mod::commands::wwr::parse(&paths, json, &mut out),
        Some(Command::Completions { shell }) => {
            let mut command = <Cli as clap::CommandFactory>::command();
            // Written whole first: clap_complete panics on a write error, and a reader that
            // goes away (`| head`) is no error worth a panic.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command, "mafia-mod", &mut script);
            out.write_all(&script)?;
            Ok(true)
        }
        Some(Command::Man) => {
            let command = <Cli as clap::CommandFactory>::command();
            let mut page = Vec::new();
            clap_mangen::Man::new(command).render(&mut page)?;
            out.write_all(&page)?;
            Ok(true)
        }
    }
}
