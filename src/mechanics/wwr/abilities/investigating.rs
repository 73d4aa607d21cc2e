//! Investigating: role, class, category, alignment, attribute, count and player count
//! (research §1.12). Disguises of the strengths the ability names are seen through the most
//! recent one, which counts as used.

use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::wwr::ast::{DisguiseLevels, InvestigationKind, Value};

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
        return Feedback {
            number: Some(n as f64),
            ..Feedback::ok(format!("Investigated player count: {n}"))
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
        return Feedback {
            number: Some(n as f64),
            ..Feedback::ok(format!("Investigated count: {n}"))
        };
    }
    let Some(p) = value.players().first().copied() else {
        return Feedback::failed("Investigation failed: nobody to investigate");
    };
    run.visit(scope, p, "Investigating");
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
    let name = run.name(p);
    let (class, category) = run.role_words(role);
    match kind {
        InvestigationKind::Role => Feedback {
            role: Some(role),
            class: Some(class),
            category: Some(category),
            ..Feedback::ok(format!(
                "Investigated {name}'s role: {}",
                run.program.name(role)
            ))
        },
        InvestigationKind::Class => Feedback {
            class: Some(class.clone()),
            ..Feedback::ok(format!("Investigated {name}'s class: {class}"))
        },
        InvestigationKind::Category => Feedback {
            category: Some(category.clone()),
            ..Feedback::ok(format!("Investigated {name}'s category: {category}"))
        },
        InvestigationKind::Alignment => {
            // Undisguised: the alignment field; disguised: the disguise role's team.
            let alignment = match disguise {
                Some(_) => run.role_team(role),
                None => run.alignment(p),
            };
            let shown = crate::wwr::resolve::Namespace::Team;
            let label = run
                .program
                .find(shown, &alignment)
                .map(|t| run.program.name(t).to_string())
                .unwrap_or_else(|| alignment.clone());
            Feedback {
                alignment: Some(alignment),
                ..Feedback::ok(format!("Investigated {name}'s alignment: {label}"))
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
            Feedback {
                success: found,
                msg: if found {
                    format!("{name} has the attribute {wanted}")
                } else {
                    format!("{name} does not have the attribute {wanted}")
                },
                ..Feedback::default()
            }
        }
        InvestigationKind::Count | InvestigationKind::PlayerCount => unreachable!("handled above"),
    }
}
