//! Redirecting (the bot's `abilities/types/redirecting.js`): `Redirect <abilities> from
//! <players> to <target>` gives the actor a redirection row. An ability of that kind by one
//! of those players that reaches him reaches the row's target instead, read as he sees it
//! then (the Assistant's `@Target`); the row is used, `On Redirect` fires on him with
//! `@Visitor`, and the new target is checked again. A `{Direct}` ability and a whisper are
//! never redirected.

use super::lasting;
use crate::engine::SlotId;
use crate::mechanics::wwr::eval::{Feedback, Scope, V};
use crate::mechanics::wwr::run::Run;
use crate::mechanics::wwr::world::{AttrKind, Lasting, Loc, Src};
use crate::wwr::ast::{AbilityKind, Duration, TriggerKind};
use crate::wwr::names::normalize;

pub fn run(run: &mut Run, scope: &mut Scope, loc: Loc, duration: Option<Duration>) -> Feedback {
    let Some(me) = scope.me() else {
        return Feedback::failed("only a player redirects")
            .told("Redirecting failed! This is likely caused by an error. Please contact a Host.");
    };
    run.world.add_attr(
        me,
        scope.src.clone(),
        AttrKind::Redirection { ability: loc },
        lasting(duration, Lasting::Permanent),
        run.phase,
    );
    Feedback {
        detail: format!("{} now redirects what reaches him", run.name(me)),
        ..Feedback::ok("Redirecting succeeded!")
    }
}

/// The most redirections one target goes through (a chain of rows pointing at each other).
const MOST_HOPS: usize = 8;

/// The targets of an ability of this type and subtype after every redirection on them.
pub fn redirect(
    run: &mut Run,
    scope: &Scope,
    targets: Vec<SlotId>,
    kind: &str,
    subtype: &str,
) -> Vec<SlotId> {
    if scope.direct || kind == "whispering" || !run.world.attrs.iter().any(is_redirection) {
        return targets;
    }
    let Some(source) = scope.me() else {
        return targets;
    };
    targets
        .into_iter()
        .map(|t| {
            let mut now = t;
            for _ in 0..MOST_HOPS {
                match once(run, now, source, kind, subtype) {
                    Some(next) => now = next,
                    None => break,
                }
            }
            now
        })
        .collect()
}

fn is_redirection(a: &crate::mechanics::wwr::world::Attr) -> bool {
    matches!(a.kind, AttrKind::Redirection { .. })
}

/// One redirection of `target`: the last of his rows that matches, used.
fn once(
    run: &mut Run,
    target: SlotId,
    source: SlotId,
    kind: &str,
    subtype: &str,
) -> Option<SlotId> {
    let rows: Vec<(u64, Loc)> = run
        .world
        .attrs_of(target)
        .filter_map(|a| match a.kind {
            AttrKind::Redirection { ability } => Some((a.id, ability)),
            _ => None,
        })
        .collect();
    let program = run.program.clone();
    let mut found = None;
    for (id, loc) in rows {
        let Some(AbilityKind::Redirecting(r)) = program.ability(loc).map(|a| &a.kind) else {
            continue;
        };
        let what = {
            let own = Scope::new(Src::Player(target), loc.file, TriggerKind::OnRedirect);
            let v = run.eval(&own, &r.abilities);
            normalize(&run.show(&v))
        };
        let kind_word = normalize(kind);
        let type_match = match what.as_str() {
            "all" | "allabilities" => true,
            "nonkillingabilities" | "nonkilling" => kind_word != "killing",
            w => w == kind_word || w == normalize(&format!("{subtype}{kind}")),
        };
        // the sources, read as the acting player sees them
        let source_match = r.from.as_ref().is_none_or(|from| {
            let theirs = Scope::new(Src::Player(source), loc.file, TriggerKind::OnRedirect);
            run.eval(&theirs, from).players().contains(&source)
        });
        if type_match && source_match {
            let own = Scope::new(Src::Player(target), loc.file, TriggerKind::OnRedirect);
            let to = run.eval(&own, &r.to).players().first().copied();
            found = Some((id, to));
        }
    }
    let (id, to) = found?;
    let Some(to) = to else {
        run.note(
            "redirect",
            format!(
                "{}'s redirection has no target: nothing is redirected",
                run.name(target)
            ),
        );
        return None;
    };
    run.note(
        "redirect",
        format!(
            "{}'s {kind} on {} is redirected to {}",
            run.name(source),
            run.name(target),
            run.name(to)
        ),
    );
    run.world.use_attr(id);
    crate::mechanics::wwr::triggers::fire_player(
        run,
        target,
        TriggerKind::OnRedirect,
        &[("visitor", V::Players(vec![source]))],
    );
    (to != target).then_some(to)
}
