//! Trigger types: the fixed ones (`Immediate Night`, `Passive Start Day`, `On Death`, …) and
//! the parameterised ones (`On <Target> Death`, `On <Target> Visited [Type]`,
//! ``On `Value` Emitted``, ``On Poll `Name` Win``, ``Choice `Option` Chosen``, …).

use super::ast::{AbilityFilter, Trigger, TriggerKind, Value};
use super::cursor::{Cursor, PResult, matching_open};
use super::names::{ABILITY_TYPES, did_you_mean};
use super::value::parse_value_exact;
use std::fmt;

const FIXED: &[(&str, TriggerKind)] = &[
    ("Start Night", TriggerKind::StartNight),
    ("End Night", TriggerKind::EndNight),
    ("Start Day", TriggerKind::StartDay),
    ("End Day", TriggerKind::EndDay),
    ("Immediate Night", TriggerKind::ImmediateNight),
    ("Immediate Day", TriggerKind::ImmediateDay),
    ("End Phase", TriggerKind::EndPhase),
    ("Start Phase", TriggerKind::StartPhase),
    ("Immediate", TriggerKind::Immediate),
    ("Pre-End Night", TriggerKind::PreEndNight),
    ("Pre-End Day", TriggerKind::PreEndDay),
    ("Second Pre-End Night", TriggerKind::SecondPreEndNight),
    ("Third Pre-End Night", TriggerKind::ThirdPreEndNight),
    ("Fourth Pre-End Night", TriggerKind::FourthPreEndNight),
    ("Second Pre-End Day", TriggerKind::SecondPreEndDay),
    ("Third Pre-End Day", TriggerKind::ThirdPreEndDay),
    ("Fourth Pre-End Day", TriggerKind::FourthPreEndDay),
    ("Passive", TriggerKind::Passive),
    ("Passive Start Night", TriggerKind::PassiveStartNight),
    ("Passive End Night", TriggerKind::PassiveEndNight),
    ("Passive Start Day", TriggerKind::PassiveStartDay),
    ("Passive End Day", TriggerKind::PassiveEndDay),
    ("Passive Start Phase", TriggerKind::PassiveStartPhase),
    ("Passive End Phase", TriggerKind::PassiveEndPhase),
    ("Starting", TriggerKind::Starting),
    ("On Assigned", TriggerKind::OnAssigned),
    ("On Death", TriggerKind::OnDeath),
    ("On Killed", TriggerKind::OnKilled),
    ("On Banishment", TriggerKind::OnBanishment),
    ("On Banished", TriggerKind::OnBanished),
    ("On Lynch", TriggerKind::OnLynch),
    ("On Changed", TriggerKind::OnChanged),
    ("On Defense", TriggerKind::OnDefense),
    ("On Active Defense", TriggerKind::OnActiveDefense),
    ("On Passive Defense", TriggerKind::OnPassiveDefense),
    ("On Partial Defense", TriggerKind::OnPartialDefense),
    ("On Recruitment Defense", TriggerKind::OnRecruitmentDefense),
    ("On Absence Defense", TriggerKind::OnAbsenceDefense),
    ("On Visited", TriggerKind::OnVisited),
    ("On Visit", TriggerKind::OnVisit),
    ("On Action", TriggerKind::OnAction),
    ("On Any Action", TriggerKind::OnAnyAction),
    ("On Disbandment", TriggerKind::OnDisbandment),
    ("On Redirect", TriggerKind::OnRedirect),
    ("On Betrayal", TriggerKind::OnBetrayal),
    ("On Poll Closed", TriggerKind::OnPollClosed),
    ("On Poll Skipped", TriggerKind::OnPollSkipped),
    ("On Poll Win", TriggerKind::OnPollWin),
    ("On Role Change", TriggerKind::OnRoleChange),
    ("On Removal", TriggerKind::OnRemoval),
    ("On End", TriggerKind::OnEnd),
    ("On Emitted", TriggerKind::OnEmitted),
    ("On End Emitted", TriggerKind::OnEndEmitted),
    ("On Vote Add", TriggerKind::OnVoteAdd),
    ("On Vote Remove", TriggerKind::OnVoteRemove),
    ("On Vote Change", TriggerKind::OnVoteChange),
    ("On Hammer", TriggerKind::OnHammer),
    ("On Join", TriggerKind::OnJoin),
    ("Choice Chosen", TriggerKind::ChoiceChosen),
];

/// `On <subject> <suffix>` forms, longest suffix first so `End Emitted` wins over `Emitted`.
const WITH_SUBJECT: &[(&str, TriggerKind)] = &[
    (" End Emitted", TriggerKind::OnEndEmitted),
    (" Emitted", TriggerKind::OnEmitted),
    (" Whisper", TriggerKind::OnWhisper),
    (" Death", TriggerKind::OnDeath),
    (" Killed", TriggerKind::OnKilled),
    (" Banishment", TriggerKind::OnBanishment),
    (" Banished", TriggerKind::OnBanished),
    (" Changed", TriggerKind::OnChanged),
    (" Visited", TriggerKind::OnVisited),
    (" Visit", TriggerKind::OnVisit),
    (" Action", TriggerKind::OnAction),
];

/// Triggers that accept an ability filter `[Type]`.
fn takes_filter(kind: TriggerKind) -> bool {
    matches!(
        kind,
        TriggerKind::OnVisited
            | TriggerKind::OnVisit
            | TriggerKind::OnAction
            | TriggerKind::OnAnyAction
    )
}

/// Parses the trigger text filling `c` (already trimmed).
pub fn parse_trigger(c: &mut Cursor) -> PResult<Trigger> {
    let start = c.pos;
    let (text_end, filter) = split_filter(c)?;
    let text = c.slice(start, text_end);
    let span = c.span_of(start, c.end);
    let (kind, subject) = classify(c, start, text_end, text)?;
    if filter.is_some() && !takes_filter(kind) {
        // `text_end` is the space before `[`.
        return Err(c.error_at(
            text_end + 1,
            c.end,
            format!(
                "`{text}` takes no ability filter; only `On Visited`, `On Visit`, `On Action` \
                 and `On Any Action` (with or without a target) do"
            ),
        ));
    }
    c.pos = c.end;
    Ok(Trigger {
        kind,
        subject,
        filter,
        span,
    })
}

/// Splits a trailing ` [Type]` filter off the trigger text.
fn split_filter(c: &Cursor) -> PResult<(usize, Option<AbilityFilter>)> {
    let text = c.rest();
    if !text.ends_with(']') {
        return Ok((c.end, None));
    }
    // the ` [` whose bracket the last `]` closes, in one pass (trying each ` [` in turn cost
    // the rest of the line per bracket)
    let open = matching_open(c.src.text, c.pos, c.end - 1).filter(|&open| {
        open > c.pos && c.src.text[..open].ends_with(' ') && c.src.text[open..].starts_with('[')
    });
    let Some(open) = open else {
        return Ok((c.end, None));
    };
    let filter = parse_filter(c, open + 1, c.end - 1)?;
    Ok((open - 1, Some(filter)))
}

/// An ability type or subtype name with an optional `!`, e.g. `!Targeting`, `Attack Killing`.
pub fn parse_filter(c: &Cursor, start: usize, end: usize) -> PResult<AbilityFilter> {
    let raw = c.slice(start, end).trim();
    let (negated, name) = match raw.strip_prefix('!') {
        Some(rest) => (true, rest.trim()),
        None => (false, raw),
    };
    let last = name.split_whitespace().last().unwrap_or("");
    if !ABILITY_TYPES.iter().any(|t| t.eq_ignore_ascii_case(last)) {
        return Err(c.error_at(
            start,
            end.max(start + 1),
            format!(
                "unknown ability type `{last}` in the filter{}; expected an ability type such as \
                 Killing, Investigating, Targeting (or a subtype such as `Attack Killing`)",
                did_you_mean(last, ABILITY_TYPES.iter().copied())
            ),
        ));
    }
    Ok(AbilityFilter {
        negated,
        name: name.to_string(),
        span: c.span_of(start, end),
    })
}

fn classify(
    c: &Cursor,
    start: usize,
    end: usize,
    text: &str,
) -> PResult<(TriggerKind, Option<Value>)> {
    if let Some(&(_, kind)) = FIXED.iter().find(|(name, _)| *name == text) {
        return Ok((kind, None));
    }
    let subject = |from: usize, to: usize| {
        let mut inner = c.sub(from, to);
        inner.skip_ws();
        parse_value_exact(&mut inner, "the trigger's subject")
    };
    // `<prefix><subject><suffix>` forms, the subject in the middle of the name.
    const WRAPPED: [(&str, &str, TriggerKind); 2] = [
        ("Choice ", " Chosen", TriggerKind::ChoiceChosen),
        ("On Poll ", " Win", TriggerKind::OnPollWin),
    ];
    for (prefix, suffix, kind) in WRAPPED {
        if let Some(middle) = text
            .strip_prefix(prefix)
            .and_then(|t| t.strip_suffix(suffix))
        {
            let from = start + prefix.len();
            return Ok((kind, Some(subject(from, from + middle.len())?)));
        }
    }
    if let Some(body) = text.strip_prefix("On ") {
        for &(suffix, kind) in WITH_SUBJECT {
            if let Some(middle) = body.strip_suffix(suffix)
                && !middle.trim().is_empty()
            {
                let from = start + "On ".len();
                return Ok((kind, Some(subject(from, from + middle.len())?)));
            }
        }
    }
    let names = FIXED.iter().map(|(n, _)| *n);
    Err(c.error_at(
        start,
        end.max(start + 1),
        format!(
            "unknown trigger `{text}`{}; expected a trigger such as `Starting`, `Immediate Night`, \
             `Passive Start Day`, `On Death` or `On <Target> Visited [Type]`",
            did_you_mean(text, names)
        ),
    ))
}

impl TriggerKind {
    /// The trigger's name as written without a subject, e.g. `On Death`.
    pub fn name(self) -> &'static str {
        FIXED
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("On Whisper", |(n, _)| *n)
    }
}

impl fmt::Display for Trigger {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.subject, self.kind) {
            (None, kind) => f.write_str(kind.name())?,
            (Some(subject), TriggerKind::ChoiceChosen) => write!(f, "Choice {subject} Chosen")?,
            (Some(subject), TriggerKind::OnPollWin) => write!(f, "On Poll {subject} Win")?,
            (Some(subject), kind) => {
                let suffix = WITH_SUBJECT
                    .iter()
                    .find(|(_, k)| *k == kind)
                    .map_or("", |(s, _)| s.trim_start());
                write!(f, "On {subject} {suffix}")?;
            }
        }
        if let Some(filter) = &self.filter {
            let bang = if filter.negated { "!" } else { "" };
            write!(f, " [{bang}{}]", filter.name)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wwr::span::SrcLine;

    fn trigger(text: &str) -> PResult<Trigger> {
        let src = SrcLine::new(text, 1);
        let mut c = Cursor::new(src, 0, text.len());
        parse_trigger(&mut c)
    }

    #[test]
    fn parameterised_triggers_round_trip() {
        for text in [
            "Immediate Night",
            "On @(Group:Bakers,Role:Baker) Death",
            "On @(AttrSelf:Bugged) Visited [Attack Killing]",
            "On Visited [!Targeting]",
            "On `Soul Action` Emitted",
            "On `Resurrection` End Emitted",
            "On Poll `Lynch` Win",
            "Choice `Soul Attack` Chosen",
            "On @Target Action [Alignment Changing]",
            "On `Ghosts` Whisper",
            "On Any Action [Feedback]",
        ] {
            assert_eq!(trigger(text).map(|t| t.to_string()).unwrap(), text);
        }
    }

    #[test]
    fn unknown_triggers_and_filters_are_errors() {
        let e = trigger("On Moon Rise").unwrap_err();
        assert!(
            e.message.starts_with("unknown trigger `On Moon Rise`"),
            "{}",
            e.message
        );
        let e = trigger("Imediate Night").unwrap_err();
        assert!(
            e.message.contains("did you mean `Immediate Night`"),
            "{}",
            e.message
        );
        let e = trigger("On Visited [Investigation]").unwrap_err();
        assert!(
            e.message.contains("did you mean `Investigating`"),
            "{}",
            e.message
        );
        assert_eq!(e.span.col, 13);
        let e = trigger("On Death [Killing]").unwrap_err();
        assert!(
            e.message.contains("takes no ability filter"),
            "{}",
            e.message
        );
    }
}
