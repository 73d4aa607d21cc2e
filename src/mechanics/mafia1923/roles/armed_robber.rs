//! The Armed Robber (003_c274ad7fc0965730.txt): whoever kills him dies at once. Killed by the
//! Mafia, he takes a random living Mafia Member with him; condemned by the court, the player he
//! voted for, if that player was present for voting; otherwise his killer.

use super::super::{MAFIA, PhaseRun, Rules1923};
use super::Role;
use crate::engine::SlotId;
use crate::engine::outcome::{Step, StepResult};
use crate::engine::resolve::Ctx;
use crate::kernel::attack::kill;

pub struct ArmedRobber;

impl Role for ArmedRobber {
    fn id(&self) -> &'static str {
        "armed_robber"
    }

    fn after_death(
        &self,
        ctx: &mut Ctx,
        run: &mut PhaseRun,
        rules: &mut Rules1923,
        victim: SlotId,
        cause: &str,
        killer: Option<SlotId>,
    ) {
        let mut reasons = Vec::new();
        let avenged = match cause {
            "mafia" => {
                let members: Vec<SlotId> = ctx.state.living().filter(|s| ctx.roleset.side_of(&s.role) == MAFIA).map(|s| s.id).collect();
                let labels: Vec<String> = members.iter().map(|m| ctx.name(*m)).collect();
                ctx.draw("mafia", "the Armed Robber's revenge", &members, |m| labels[members.iter().position(|x| x == m).unwrap_or(0)].clone())
            }
            "court" => run.ledger.individual_vote.get(&victim).copied().filter(|t| {
                let absent = ctx.has_status(*t, "jailed") || ctx.has_status(*t, "injured");
                if absent {
                    ctx.note(format!("revenge:{}", ctx.name(victim)), "court", format!("the Armed Robber voted for {}, who was not present for voting: no revenge", ctx.name(*t)));
                }
                !absent
            }),
            _ => killer,
        };
        if let Some(target) = avenged.filter(|t| ctx.is_alive(*t)) {
            kill(
                ctx,
                run,
                rules,
                target,
                "armed_robber",
                Some(victim),
                &mut reasons,
            );
            let key = format!("revenge:{}", ctx.name(victim));
            ctx.step(Step {
                key,
                stage: "armed_robber".into(),
                actor: Some(victim),
                ability: Some("armed_robber".into()),
                targets_before: vec![],
                targets_after: vec![ctx.name(target)],
                result: StepResult::Success,
                reasons: std::mem::take(&mut reasons),
            });
        }
    }
}
