//! The bridge from a compiled WWR ability ([`Vocabulary`]) to the engine's shared effect
//! vocabulary ([`crate::rules::Effect`]), the one the Mafia 1923 and ru-city rolesets run on.
//!
//! The engine applies an effect to the targets a player names in his PM, so only abilities
//! aimed at `@Selection` (the player's own choice) can map today; an ability aimed by a selector
//! (`@Self`, `@Attacker`, …) needs the WWR interpreter that evaluates selectors, and says so.
//!
//! ```
//! use mafia_mod::rules::Effect;
//! use mafia_mod::wwr::compile::{KillStrength, Vocabulary};
//! use mafia_mod::wwr::engine_map::engine_effect;
//!
//! let kill = Vocabulary::Kill { target: "@Selection".into(), strength: KillStrength::Attack };
//! assert_eq!(engine_effect(&kill), Ok(Effect::Kill { attack: "attack".into(), strength: 1 }));
//! let own = Vocabulary::Kill { target: "@Self".into(), strength: KillStrength::Attack };
//! assert!(engine_effect(&own).is_err());
//! ```

use super::ast::{Duration, KillFilter};
use super::compile::{DefenseKind, KillStrength, Vocabulary};
use crate::rules::Effect;

/// The target of an ability the player chooses himself.
const CHOSEN: &str = "@Selection";

/// The engine effect this ability runs as, or why the engine cannot run it yet.
pub fn engine_effect(v: &Vocabulary) -> Result<Effect, String> {
    match v {
        Vocabulary::Kill { target, strength } => {
            chosen(target)?;
            Ok(Effect::Kill {
                attack: attack_kind(*strength).to_string(),
                strength: 1,
            })
        }
        Vocabulary::Protect {
            target,
            against,
            defense,
            only_from,
            absent_at,
            duration,
            ..
        } => {
            chosen(target)?;
            this_phase(*duration)?;
            if !matches!(defense, DefenseKind::Active | DefenseKind::Passive) {
                return Err(format!("{defense:?} defenses are not in the engine yet"));
            }
            if only_from.is_some() || absent_at.is_some() {
                return Err(
                    "protection from some killers only, or by absence, is not in the engine yet"
                        .into(),
                );
            }
            let from = stopped_by(against).iter().map(|k| k.to_string()).collect();
            Ok(Effect::Protect {
                from,
                cures: None,
                strength: 1,
            })
        }
        Vocabulary::Block {
            target,
            abilities: None,
            fake_feedback: None,
            duration,
        } => {
            chosen(target)?;
            this_phase(*duration)?;
            Ok(Effect::Block { except: Vec::new() })
        }
        Vocabulary::Block { .. } => Err(
            "blocking some ability types, or with fake feedback, is not in the engine yet".into(),
        ),
        _ => Err("the engine has no effect of this kind yet".into()),
    }
}

fn chosen(target: &str) -> Result<(), String> {
    if target == CHOSEN {
        Ok(())
    } else {
        Err(format!(
            "the target {target} is picked by a selector, which needs the WWR interpreter"
        ))
    }
}

/// The engine's protections and blocks last the phase they are made in.
fn this_phase(duration: Duration) -> Result<(), String> {
    match duration {
        Duration::Phase => Ok(()),
        other => Err(format!(
            "the engine's effect lasts one phase, not {other:?}"
        )),
    }
}

/// The attack kind the engine's protections match against.
fn attack_kind(strength: KillStrength) -> &'static str {
    match strength {
        KillStrength::Attack => "attack",
        KillStrength::Kill => "kill",
        KillStrength::Lynch => "lynch",
        KillStrength::TrueKill => "true_kill",
        KillStrength::Banish => "banish",
        KillStrength::TrueBanish => "true_banish",
    }
}

/// The attack kinds a defense stops: an attack is stopped by any defense, a kill only by one
/// against kills, a lynch only by one against lynches; true kills by none.
fn stopped_by(against: &KillFilter) -> &'static [&'static str] {
    match against {
        KillFilter::Attacks => &["attack"],
        KillFilter::Kills => &["attack", "kill"],
        KillFilter::Lynches => &["lynch"],
        KillFilter::AttacksAndLynches => &["attack", "lynch"],
        KillFilter::All => &["attack", "kill", "lynch"],
        KillFilter::Banishments => &["banish"],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn protect(against: KillFilter, duration: Duration) -> Vocabulary {
        Vocabulary::Protect {
            target: CHOSEN.into(),
            against,
            defense: DefenseKind::Active,
            only_from: None,
            absent_at: None,
            during: None,
            duration,
        }
    }

    #[test]
    fn a_phase_protection_from_kills_stops_attacks_and_kills() {
        let effect = engine_effect(&protect(KillFilter::Kills, Duration::Phase));
        let from = vec!["attack".to_string(), "kill".to_string()];
        assert_eq!(
            effect,
            Ok(Effect::Protect {
                from,
                cures: None,
                strength: 1,
            })
        );
    }

    #[test]
    fn a_lasting_protection_is_not_an_engine_effect() {
        let effect = engine_effect(&protect(KillFilter::Attacks, Duration::Permanent));
        assert!(effect.is_err_and(|why| why.contains("one phase")));
    }

    #[test]
    fn a_partial_block_is_not_an_engine_effect() {
        let block = |abilities: Option<String>| Vocabulary::Block {
            target: CHOSEN.into(),
            abilities,
            fake_feedback: None,
            duration: Duration::Phase,
        };
        assert_eq!(
            engine_effect(&block(None)),
            Ok(Effect::Block { except: Vec::new() })
        );
        assert!(engine_effect(&block(Some("`Killing`".into()))).is_err());
    }
}
