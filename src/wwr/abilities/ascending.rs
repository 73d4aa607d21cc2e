//! Ascending and descending: the actor wins (ascends) or loses (descends) alone, whatever
//! the rest of the game does.
