//! Rolesets written before the kernel took its messages, sides and statuses from the roleset:
//! the 1923 effects then meant these templates, the `mafia` side and the `jailed` status, so
//! an old save or roleset file that lacks them gets them and replays as it did.

use crate::rules::{Effect, Roleset};

/// The messages each effect sent before `AbilityDef.tell` existed.
fn former_tell(effect: &Effect) -> &'static [(&'static str, &'static str)] {
    match effect {
        Effect::RedirectNext { .. } => &[("redirected", "private_redirected")],
        Effect::Block { .. } => &[("target", "private_boss")],
        Effect::StealRole { .. } => &[
            ("new_role", "private_thief_new_role"),
            ("failed", "private_thief_failed"),
            ("target", "private_thief_victim"),
            ("target_side", "private_thief_victim_mafia"),
        ],
        Effect::Pair { .. } => &[("paired", "private_in_love")],
        Effect::Protect { cures: Some(_), .. } => &[("cured", "public_cured")],
        Effect::Investigate { .. } => &[
            ("role", "private_detective_role"),
            ("side_yes", "private_detective_mafia"),
            ("side_no", "private_detective_not_mafia"),
        ],
        Effect::RevealRole => &[("learner", "private_paperboy")],
        _ => &[],
    }
}

pub fn upgrade(roleset: &mut Roleset) {
    let templates: Vec<String> = roleset.templates.keys().cloned().collect();
    for ability in &mut roleset.abilities {
        if !ability.tell.is_empty() {
            continue;
        }
        let mut tell: Vec<(String, String)> = former_tell(&ability.effect)
            .iter()
            .map(|(event, template)| (event.to_string(), template.to_string()))
            .collect();
        if let Effect::Afflict { status, .. } = &ability.effect {
            tell.push(("afflicted".into(), format!("public_{status}")));
        }
        ability.tell = tell
            .into_iter()
            .filter(|(_, template)| templates.contains(template))
            .collect();
        match &mut ability.effect {
            Effect::Investigate { side, .. } | Effect::StealRole { side, .. }
                if side.is_empty() =>
            {
                *side = super::MAFIA.to_string();
            }
            Effect::Jail if ability.status.is_none() => ability.status = Some("jailed".into()),
            _ => {}
        }
    }
}
