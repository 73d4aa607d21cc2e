//! The Court Secretary (003_c274ad7fc0965730.txt): after the day's votes, learns floor(25% of
//! all players) ballots as cast, each drawn separately.

use crate::engine::SlotId;
use crate::engine::outcome::Audience;
use crate::engine::resolve::Ctx;

/// Each Court Secretary learns floor(25% of all players) specific ballots, drawn separately.
pub fn tell(ctx: &mut Ctx, cast: &[(SlotId, Option<String>, Option<String>)]) {
    let secretaries: Vec<SlotId> = ctx
        .state
        .living()
        .filter(|s| s.roles().any(|r| r == "court_secretary"))
        .map(|s| s.id)
        .collect();
    let k = ctx.state.slots.len() / 4;
    let cast: Vec<(SlotId, Option<String>, Option<String>)> = cast
        .iter()
        .filter(|(_, f, i)| f.is_some() || i.is_some())
        .cloned()
        .collect();
    for sec in secretaries {
        let mut pool: Vec<usize> = (0..cast.len()).collect();
        let mut shown = Vec::new();
        for n in 0..k.min(cast.len()) {
            let labels: Vec<String> = pool.iter().map(|i| ctx.name(cast[*i].0)).collect();
            let what = format!("court secretary {} ballot {}", ctx.name(sec), n + 1);
            let Some(pick) = ctx.draw("votes", &what, &(0..pool.len()).collect::<Vec<_>>(), |j| {
                labels[*j].clone()
            }) else {
                break;
            };
            let (voter, fam, ind) = &cast[pool.remove(pick)];
            shown.push(format!(
                "{} voted for the family {} and for {}",
                ctx.name(*voter),
                fam.as_deref().unwrap_or("(none)"),
                ind.as_deref().unwrap_or("(none)")
            ));
        }
        if !shown.is_empty() {
            ctx.say(
                Audience::Slot(sec),
                "private_court_secretary",
                &[("votes", shown.join("; "))],
            );
        }
    }
}
