use super::*;

const NAMES: &[(&str, &str)] = &[
    ("Shield HP", "m/rule/shield-hp"),
    ("Frightened", "m/condition/frightened"),
    ("Prone", "m/condition/prone"),
    ("Damage", "m/rule/damage"),
    ("HP", "m/rule/hp"),
];

fn mentions_in(text: &str, names: &[(&str, &str)], own_id: &str) -> Vec<String> {
    Names::new(names.to_vec()).mentions_in(text, own_id).into_iter().map(|(id, _)| id).collect()
}

fn mention(id: &str, name: &str) -> Mention {
    Mention { id: id.to_string(), name: name.to_string() }
}

fn prone() -> Mention {
    mention("mythcraft/condition/prone", "Prone")
}

/// The links a rendered body would hold, as (words, id), in order.
fn links(markdown: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut open: Option<(String, String)> = None;
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::Link { dest_url, .. }) => {
                let id = dest_url.strip_prefix("#/entry/").unwrap_or(&dest_url).to_string();
                open = Some((String::new(), id));
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some((words, _)) = open.as_mut() {
                    words.push_str(&t);
                }
            }
            Event::End(TagEnd::Link) => out.extend(open.take()),
            _ => {}
        }
    }
    out
}

/// The text a body reads as, markup aside.
fn plain(markdown: &str) -> String {
    Parser::new(markdown)
        .filter_map(|e| match e {
            Event::Text(t) | Event::Code(t) => Some(t.to_string()),
            Event::SoftBreak | Event::HardBreak => Some(" ".to_string()),
            _ => None,
        })
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter().map(|(w, id)| (w.to_string(), id.to_string())).collect()
}

#[test]
fn capitalized_whole_words_are_mentions() {
    let found = mentions_in("The target is Frightened and falls Prone.", NAMES, "m/x");
    assert_eq!(found, ["m/condition/frightened", "m/condition/prone"]);
}

#[test]
fn not_inside_other_words_nor_lower_case() {
    assert!(mentions_in("It was unFrightened, frightened, Proneness.", NAMES, "m/x").is_empty());
}

#[test]
fn longest_name_wins_and_sentence_starts_do_not_count() {
    let found = mentions_in("Damage hits Shield HP first. Damage then spills over.", NAMES, "m/x");
    assert_eq!(found, ["m/rule/shield-hp"], "Damage only starts sentences here; HP is inside Shield HP");
    assert_eq!(mentions_in("Resist halves Damage.", NAMES, "m/x"), ["m/rule/damage"]);
}

#[test]
fn an_entry_does_not_mention_itself() {
    assert!(mentions_in("Creatures become Frightened.", NAMES, "m/condition/frightened").is_empty());
}

#[test]
fn a_longer_name_wins_over_an_earlier_shorter_one_it_overlaps() {
    let names = &[("HP Pool Size", "m/rule/pool"), ("Shield HP", "m/rule/shield-hp")];
    assert_eq!(mentions_in("Track your Shield HP Pool Size.", names, "m/x"), ["m/rule/pool"]);
}

#[test]
fn a_name_that_cannot_count_leaves_the_names_inside_it_free() {
    let names = &[("Shield HP", "m/rule/shield-hp"), ("Shield", "m/rule/shield"), ("HP", "m/rule/hp")];
    // Inside a longer word: "Shield HPs" is no mention of Shield HP, but of Shield.
    assert_eq!(mentions_in("All Shield HPs.", names, "m/x"), ["m/rule/shield"]);
    // The entry's own name: its words may mention others.
    assert_eq!(mentions_in("The Shield HP soak.", names, "m/rule/shield-hp"), ["m/rule/shield", "m/rule/hp"]);
}

#[test]
fn entries_sharing_a_name_are_mentioned_as_the_first_of_them() {
    let names = &[("Prone", "m/condition/prone"), ("Prone", "m/rule/prone")];
    assert_eq!(mentions_in("Falls Prone.", names, "m/x"), ["m/condition/prone"]);
    assert_eq!(mentions_in("Falls Prone.", names, "m/condition/prone"), ["m/rule/prone"]);
}

#[test]
fn every_name_is_found_in_one_pass_whatever_their_number() {
    let many: Vec<(String, String)> =
        (0..5_000).map(|i| (format!("Name Number {i}"), format!("m/rule/n{i}"))).collect();
    let names: Vec<(&str, &str)> = many.iter().map(|(n, id)| (n.as_str(), id.as_str())).collect();
    let text = "See Name Number 42 and Name Number 4999, not Name Number 50000.";
    assert_eq!(mentions_in(text, &names, "m/x"), ["m/rule/n42", "m/rule/n4999"]);
}

#[test]
fn a_body_links_the_whole_capitalized_word_and_reads_as_before() {
    let source = "The target falls Prone. Its Proneness passes; a prone ally, unProne, stays put.";
    let linked = link_markdown(source, &[prone()]);
    assert_eq!(links(&linked), pairs(&[("Prone", "mythcraft/condition/prone")]));
    assert!(linked.contains("[Prone](#/entry/mythcraft/condition/prone)"), "{linked}");
    assert_eq!(plain(&linked), source);
}

#[test]
fn never_inside_a_link_code_or_heading() {
    let source = "## Prone\n\nSee [Prone creatures](#/entry/mythcraft/rule/prone-creatures) and `Prone` in code.\n\n    Prone in a code block\n\nThen it falls Prone.";
    let linked = link_markdown(source, &[prone()]);
    assert_eq!(
        links(&linked),
        pairs(&[("Prone creatures", "mythcraft/rule/prone-creatures"), ("Prone", "mythcraft/condition/prone")])
    );
    assert!(linked.starts_with("## Prone\n"), "the heading is left alone: {linked}");
    assert!(linked.ends_with("Then it falls [Prone](#/entry/mythcraft/condition/prone)."), "{linked}");
}

#[test]
fn the_first_mention_in_each_paragraph_and_list_item() {
    let source = "It is knocked Prone; while Prone it crawls.\n\n- Stand up from Prone.\n- Still Prone here.";
    let linked = link_markdown(source, &[prone()]);
    assert_eq!(linked.matches("](#/entry/").count(), 3, "{linked}");
    assert!(linked.contains("while Prone it crawls"), "only the first in the paragraph: {linked}");
}

#[test]
fn an_entry_a_paragraph_links_by_hand_is_not_linked_again() {
    for source in [
        "Falls [Prone](#/entry/mythcraft/condition/prone): a Prone target is easier to hit.",
        "Falls [down](mythcraft/condition/prone): a Prone target is easier to hit.",
    ] {
        assert_eq!(link_markdown(source, &[prone()]), source);
    }
}

#[test]
fn the_longest_name_first_and_not_a_one_word_name_starting_a_sentence() {
    let mentions =
        [mention("m/rule/hp", "HP"), mention("m/rule/shield-hp", "Shield HP"), mention("m/rule/damage", "Damage")];
    let source = "Damage hits Shield HP first, then HP. Resist halves Damage.";
    let linked = link_markdown(source, &mentions);
    assert_eq!(
        links(&linked),
        pairs(&[("Shield HP", "m/rule/shield-hp"), ("HP", "m/rule/hp"), ("Damage", "m/rule/damage")])
    );
    assert_eq!(plain(&linked), source);
}

#[test]
fn inside_bold_next_to_punctuation_and_curly_apostrophes() {
    let mentions =
        [mention("mythcraft/condition/frightened", "Frightened"), mention("mlaf/spell/medusas-gaze", "Medusa’s Gaze")];
    let source = "Counts as **Frightened**, then (Medusa’s Gaze). Medusa’s Gazes do not count.";
    let linked = link_markdown(source, &mentions);
    assert_eq!(
        links(&linked),
        pairs(&[("Frightened", "mythcraft/condition/frightened"), ("Medusa’s Gaze", "mlaf/spell/medusas-gaze")])
    );
    assert!(linked.contains("**[Frightened](#/entry/mythcraft/condition/frightened)**"), "{linked}");
}

#[test]
fn names_and_text_stay_text_and_unfit_ids_are_never_linked() {
    let mentions = [
        mention("x/rule/salt-iron", "Salt & Iron"),
        mention("x/rule/bad", "<img src=x onerror=alert(1)>"),
        mention("javascript:alert(1)", "Throw"),
        mention("x/rule/brackets", "Rune [Old]"),
    ];
    let source = "Throw Salt &amp; <b>Iron</b> now, or Salt & Iron later, or a Rune [Old] one.";
    let linked = link_markdown(source, &mentions);
    assert_eq!(links(&linked), pairs(&[("Salt & Iron", "x/rule/salt-iron"), ("Rune [Old]", "x/rule/brackets")]));
    assert!(linked.contains(r"[Rune \[Old\]](#/entry/x/rule/brackets)"), "{linked}");
}

#[test]
fn no_mentions_leaves_the_body_as_it_is() {
    let source = "Some *text* with [a link](https://example.com).";
    assert_eq!(link_markdown(source, &[]), source);
    assert_eq!(link_markdown(source, &[mention("m/rule/absent", "Absent")]), source);
}

#[test]
fn a_summary_is_cut_into_text_and_links() {
    let part = |text: &str, id: Option<&str>| TextPart { text: text.to_string(), id: id.map(str::to_string) };
    assert_eq!(
        link_text("Falls Prone, not prone. Prone again.", &[prone()]),
        [
            part("Falls ", None),
            part("Prone", Some("mythcraft/condition/prone")),
            part(", not prone. Prone again.", None)
        ]
    );
    assert_eq!(link_text("Nothing here.", &[]), [part("Nothing here.", None)]);
    assert_eq!(link_text("", &[]), [part("", None)]);
}
