//! Investigating: role, class, category, alignment, attribute, count and player count
//! (research §1.12). Disguises of the strengths the ability names are seen through the most
//! recent one, which counts as used.
//!
//! The investigator is told what the bot tells him, word for word (`abilities/types/
//! investigating.js`): the value title-cased in backticks, a count with what was counted.

use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::visit::{Visit, Visited, visit, visit_return};
use crate::wwr::ast::{DisguiseLevels, InvestigationKind, Value};
use crate::wwr::names::title_case;

pub fn run(
    run: &mut Run,
    scope: &mut Scope,
    kind: InvestigationKind,
    target: &Value,
    attribute: Option<&Value>,
    disguises: DisguiseLevels,
) -> Feedback {
    let value = run.eval(scope, target);
    if kind == InvestigationKind::PlayerCount {
        let n = value.players().len();
        // the selector as written, before any parameters (the bot's `investigatingPlayerCount`)
        let written = target.to_string();
        let selector = written.split('[').next().unwrap_or(&written).trim();
        return Feedback {
            number: Some(n as f64),
            ..Feedback::ok(format!("Investigated `{selector}`'s count: `{n}`"))
        };
    }
    if kind == InvestigationKind::Count {
        // Living players whose visible role is the one named.
        let role = match value {
            V::Role(r) => Some(r),
            V::Text(t) => run.program.find(crate::wwr::resolve::Namespace::Role, &t),
            _ => None,
        };
        let living: Vec<_> = run.world.living().collect();
        let mut n = 0;
        for p in living {
            let (seen, disguise) = run.visible_role(p, disguises.weak, disguises.strong);
            if Some(seen) == role {
                n += 1;
            }
            // A disguise shown to an investigator counts as used (research §1.9).
            if let Some(id) = disguise {
                run.world.use_attr(id);
            }
        }
        let counted = role
            .map(|r| stored_name(run.program.name(r)))
            .unwrap_or_default();
        return Feedback {
            number: Some(n as f64),
            ..Feedback::ok(format!("Investigated `{counted}` count: `{n}`"))
        };
    }
    let asked = value.players();
    let redirected = super::redirecting::redirect(run, scope, asked.clone(), "investigating", "");
    let Some(p) = redirected.first().copied() else {
        return Feedback::failed(
            "Investigation failed! This is likely caused by an error. Please contact a Host.",
        );
    };
    let subtype = match kind {
        InvestigationKind::Role => "role",
        InvestigationKind::Class => "class",
        InvestigationKind::Category => "category",
        InvestigationKind::Alignment => "alignment",
        _ => "attribute",
    };
    // the player asked about names the result, a redirected one's role in it (the bot's
    // `orig_target`, kept before `applyRedirection`)
    let name = run.name(asked.first().copied().unwrap_or(p));
    match visit(run, scope, p, Visit::new("investigating", subtype)) {
        Visited::Proceed => {}
        Visited::Stopped(result) => {
            return visit_return(result, "Investigation failed!", "Investigation succeeded!");
        }
        // an obstruction's fake value in the investigation's own words
        Visited::Fake(fake) => {
            if kind == InvestigationKind::Alignment {
                remember(
                    run,
                    scope,
                    asked.first().copied(),
                    stored_name(&fake).replace(' ', "_"),
                );
            }
            return Feedback {
                role: run
                    .program
                    .find(crate::wwr::resolve::Namespace::Role, &fake),
                class: Some(fake.clone()),
                category: Some(fake.clone()),
                alignment: Some(fake.clone()),
                ..Feedback::ok(format!("Investigated {name}'s {subtype}: `{fake}`"))
            };
        }
    }
    let (role, disguise) = run.visible_role(p, disguises.weak, disguises.strong);
    if let Some(id) = disguise {
        run.note(
            "disguise",
            format!(
                "{} is seen through a disguise as {}",
                run.name(p),
                run.program.name(role)
            ),
        );
        run.world.use_attr(id);
    }
    let (class, category) = run.role_words(role);
    match kind {
        InvestigationKind::Role => Feedback {
            role: Some(role),
            class: Some(class),
            category: Some(category),
            ..Feedback::ok(format!(
                "Investigated {name}'s role: `{}`",
                title_case(run.program.name(role))
            ))
        },
        InvestigationKind::Class => Feedback {
            class: Some(class.clone()),
            ..Feedback::ok(format!(
                "Investigated {name}'s class: `{}`",
                title_case(&class)
            ))
        },
        InvestigationKind::Category => Feedback {
            category: Some(category.clone()),
            ..Feedback::ok(format!(
                "Investigated {name}'s category: `{}`",
                title_case(&category)
            ))
        },
        InvestigationKind::Alignment => {
            // Undisguised: the alignment field; disguised: the disguise role's team.
            let alignment = match disguise {
                Some(_) => run.role_team(role),
                None => run.alignment(p),
            };
            // the bot shows the alignment as stored (`Werewolf`), not the team file's title
            let label = title_case(&alignment);
            remember(run, scope, asked.first().copied(), alignment.clone());
            Feedback {
                alignment: Some(alignment),
                ..Feedback::ok(format!("Investigated {name}'s alignment: `{label}`"))
            }
        }
        InvestigationKind::Attribute => {
            let wanted = attribute
                .map(|a| {
                    let v = run.eval(scope, a);
                    run.show(&v)
                })
                .unwrap_or_default();
            let found = run.has_attribute(p, &wanted, Some(role));
            let shown = attribute_title(&wanted);
            Feedback {
                success: found,
                msg: if found {
                    format!("Investigated {name} for attribute `{shown}` ⇒ Attribute Found")
                } else {
                    format!("Investigated {name} for attribute `{shown}` ⇒ Attribute __Not__ Found")
                },
                ..Feedback::default()
            }
        }
        InvestigationKind::Count | InvestigationKind::PlayerCount => unreachable!("handled above"),
    }
}

/// An attribute's name as the bot shows it: `GroupMembership:Wolfpack` is `Group Membership:
/// Wolfpack`, any other title-cased.
fn attribute_title(name: &str) -> String {
    match name.split_once(':') {
        Some((key, group)) if crate::wwr::names::normalize(key) == "groupmembership" => {
            format!("Group Membership: {}", title_case(group.trim()))
        }
        _ => title_case(name),
    }
}

/// A role's name as the bot stores it: lower case, a dash a space, other marks dropped
/// (`Fortune-Teller` is `fortune teller`).
fn stored_name(name: &str) -> String {
    name.to_lowercase()
        .chars()
        .map(|c| if c == '-' { ' ' } else { c })
        .filter(|c| c.is_alphabetic() || *c == ' ')
        .collect()
}

/// Keep what an alignment investigation showed its player (a player's source only; a group's
/// or a poll's investigation tells a channel).
fn remember(run: &mut Run, scope: &Scope, about: Option<crate::engine::SlotId>, team: String) {
    if let (Some(to), Some(about)) = (scope.src.player(), about) {
        let shown = crate::mechanics::wwr::world::Shown { to, about, team };
        run.world.shown.push(shown);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_shown_as_the_bot_shows_them() {
        assert_eq!(title_case("fortune teller"), "Fortune Teller");
        assert_eq!(title_case("WEREWOLF"), "Werewolf");
        assert_eq!(
            attribute_title("GroupMembership:wolfpack"),
            "Group Membership: Wolfpack"
        );
        assert_eq!(attribute_title("lycan"), "Lycan");
        assert_eq!(stored_name("Fortune-Teller"), "fortune teller");
        assert_eq!(stored_name("Big Bad Wolf!"), "big bad wolf");
    }
}
