//! Reading pasted messages, as `mafia-mod suggest` and the console's paste do
//! (`cargo bench --bench understand`): one sentence of 10,000 and of 100,000 words, and a
//! batch of 1,000 and of 10,000 messages, against the demo game at Night 2. The reading is
//! linear in its input: ten times the words or the messages take about ten times as long, so
//! the throughput divan prints (words or messages per second) stays about the same. A
//! sentence of 100,000 words once took 9.5 s, every word looking back over its sentence.

use mafia_mod::demo::demo_game;
use mafia_mod::understand::suggest_lines;

/// The allocator the binary uses (`src/main.rs`), so the numbers are the console's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    divan::main();
}

/// The words one long sentence cycles through: actions, names, "and", fillers, a denial,
/// changes of mind, a reason, a word the reader does not know; no mark ends the sentence.
const WORDS: &[&str] = &[
    "I", "heal", "Dino", "and", "Bruno", "no", "wait", "not", "Carla", "the", "Olga", "because",
    "Quinn", "would", "vote", "for", "Sal", "instead", "actually", "kill", "Franco", "tonight",
];

/// A PM from Ann of one sentence of `words` words.
fn one_sentence(words: usize) -> String {
    let mut text = String::from("From: Ann\n");
    for i in 0..words {
        if i > 0 {
            text.push(' ');
        }
        text.push_str(WORDS[i % WORDS.len()]);
    }
    text.push_str(".\n");
    text
}

/// The messages a batch cycles through: forum PMs (which go on to the next header), a
/// Discord post, a chat line (which ends at a blank line) and an unsigned PM signed at its end,
/// with quotes and markup. In this order each starts a message of its own.
const MESSAGES: &[&str] = &[
    "From: Ann\nHey host! Night 2 action: I'd like to heal Dino please. Thanks :)\n",
    "From: Mia\n[quote=Sal]poison me[/quote]\n[b]Poison Sal[/b] please.\n",
    "From: Olga\nHi host, paperboy action: I want Nico to learn Kira's role.\n",
    "Vera — Today at 21:04\nI want to cancel Olga's action tonight.\n",
    "Quinn: investigate Bruno tonight\n",
    "guard Leo tonight\n- Ida\n",
];

/// A paste of `messages` messages, a blank line between them.
fn batch(messages: usize) -> String {
    (0..messages)
        .map(|i| MESSAGES[i % MESSAGES.len()])
        .collect::<Vec<_>>()
        .join("\n")
}

#[divan::bench(args = [10_000, 100_000], sample_count = 10)]
fn one_sentence_of_words(bencher: divan::Bencher, words: usize) {
    let game = demo_game().expect("demo");
    let text = one_sentence(words);
    bencher
        .counter(divan::counter::ItemsCount::new(words))
        .bench(|| divan::black_box(suggest_lines(&game, divan::black_box(&text))));
}

#[divan::bench(args = [1_000, 10_000], sample_count = 10)]
fn batch_of_messages(bencher: divan::Bencher, messages: usize) {
    let game = demo_game().expect("demo");
    let text = batch(messages);
    bencher
        .counter(divan::counter::ItemsCount::new(messages))
        .bench(|| divan::black_box(suggest_lines(&game, divan::black_box(&text))));
}

/// The demo game's players, who write the posts of the thread page below.
const POSTERS: &[&str] = &[
    "Ann", "Bruno", "Carla", "Dino", "Elsa", "Franco", "Gina", "Ida", "Kira", "Leo", "Mia",
];

/// A vBulletin thread page of `posts` posts as a browser copies it: the page's head, then each
/// post's date and number, author, title, join date and post count, words (every third one
/// quoting the post before), and its foot.
fn thread_page(posts: usize) -> String {
    let mut page = String::from("Forum\nMafia Games\nThread: Day 2\nPage 1 of 50\n\n");
    for i in 0..posts {
        let author = POSTERS[i % POSTERS.len()];
        let target = POSTERS[(i * 7 + 3) % POSTERS.len()];
        page.push_str(&format!(
            "11-23-2026, 09:{:02} PM  #{}\n{author}\nMember\nJoin Date: Mar 2018\nPosts: {}\n",
            i % 60,
            i + 1,
            100 + i
        ));
        if i % 3 == 2 {
            let quoted = POSTERS[(i - 1) % POSTERS.len()];
            page.push_str(&format!(
                "Quote:\nOriginally Posted by {quoted}\nvote Leo\n\n"
            ));
        }
        page.push_str(&format!(
            "family vote Rossi, individual vote {target} :)\nReply With Quote\n"
        ));
    }
    page
}

/// Issue "Read what hosts really paste", item 6: a 500-post thread page reads in under 50 ms.
#[divan::bench(args = [500, 5_000], sample_count = 10)]
fn thread_page_of_posts(bencher: divan::Bencher, posts: usize) {
    let mut game = demo_game().expect("demo");
    game.submit(mafia_mod::engine::Entry::Resolve, None)
        .expect("Day 2");
    let text = thread_page(posts);
    bencher
        .counter(divan::counter::ItemsCount::new(posts))
        .bench(|| divan::black_box(suggest_lines(&game, divan::black_box(&text))));
}
