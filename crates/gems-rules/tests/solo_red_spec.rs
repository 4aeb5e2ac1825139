//! Every worked example of the Solo Red spec (sections 2.4–2.10 and 3.4), the tie-breaks, the
//! text view and each start-up validation error.

use gems_rules::solo_red::{
    Card, CardError, Colour, Game, MoveError, PlayResult, StartError, parse_cards, winning_palette,
};

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).expect("test cards parse")
}

/// Builds the game shown by a spec view (deck given separately), checking the view reproduces it.
fn state(view: &str, deck: &str, hand_size: usize) -> Game {
    let mut lines = view.lines();
    let canvas = lines.next().unwrap().strip_prefix("Canvas: ").unwrap();
    let canvas = Colour::from_letter(canvas.chars().next().unwrap()).unwrap();
    let mut palettes = Vec::new();
    let mut hand = Vec::new();
    for line in lines {
        let line = line.trim_start_matches("> ");
        if let Some(h) = line.strip_prefix("Hand:") {
            hand = cards(h);
        } else {
            let (_, p) = line.split_once(':').unwrap();
            palettes.push(cards(p));
        }
    }
    let game = Game::from_parts(palettes, canvas, hand, cards(deck), hand_size).unwrap();
    assert_eq!(
        game.to_string(),
        view,
        "the view reproduces the spec's state"
    );
    game
}

#[test]
fn cards_print_order_and_parse() {
    let all = Game::all_cards();
    assert_eq!(all.len(), 35);
    assert_eq!(all[0].to_string(), "R1");
    assert_eq!(all[34].to_string(), "V7");
    let text: Vec<String> = all.iter().map(Card::to_string).collect();
    assert_eq!(&text[5..9], ["R6", "R7", "O1", "O2"]);
    // Red rule order: B7 > R1, and on equal numbers R > O > B > I > V.
    let [b7, r1] = [cards("B7")[0], cards("R1")[0]];
    assert!(b7 > r1);
    let sevens = cards("V7 I7 B7 O7 R7");
    assert!(sevens.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(
        "R8".parse::<Card>(),
        Err(CardError::Unknown("R8".to_string()))
    );
    assert!("G3".parse::<Card>().is_err());
    assert!("R".parse::<Card>().is_err());
    assert!("r3".parse::<Card>().is_ok());
}

#[test]
fn section_2_4_each_colour_rule() {
    let p = cards("R4 B5 R6");
    let q = cards("O6 V7 B3 I3");
    let palettes = [p, q];
    assert_eq!(winning_palette(Colour::Red, &palettes), Some(1));
    assert_eq!(winning_palette(Colour::Orange, &palettes), Some(1));
    assert_eq!(winning_palette(Colour::Blue, &palettes), Some(1));
    assert_eq!(winning_palette(Colour::Indigo, &palettes), Some(0));
    assert_eq!(winning_palette(Colour::Violet, &palettes), Some(1));
}

#[test]
fn section_2_4_1_ties_go_to_the_highest_helping_card() {
    let palettes = [cards("R1 B5 R6"), cards("V4 B2 O6")];
    // Violet: one card below 4 each; B2 beats R1.
    assert_eq!(winning_palette(Colour::Violet, &palettes), Some(1));
}

#[test]
fn tie_breaks_use_only_the_helping_cards() {
    // Orange: both have a pair; P1's pair of 2s beats P2's pair of 1s even though P2 holds a 7.
    let palettes = [cards("R2 B2"), cards("O1 I1 V7")];
    assert_eq!(winning_palette(Colour::Orange, &palettes), Some(0));
    // Indigo: runs of 2; P2's run 5-6 beats P1's 1-2, P1's lone 7 does not help.
    let palettes = [cards("R1 R2 R7"), cards("V5 V6")];
    assert_eq!(winning_palette(Colour::Indigo, &palettes), Some(1));
    // Violet: one card below 4 each; P2's R3 beats P1's B2 although P1 holds R7.
    let palettes = [cards("B2 R7"), cards("R3 V4")];
    assert_eq!(winning_palette(Colour::Violet, &palettes), Some(1));
    // Blue: two colours each: the highest card decides.
    let palettes = [cards("R1 B6"), cards("O2 I6")];
    assert_eq!(winning_palette(Colour::Blue, &palettes), Some(0));
    // Red: a tie on the highest number goes to the colour closer to red.
    let palettes = [cards("V7"), cards("I7"), cards("B1")];
    assert_eq!(winning_palette(Colour::Red, &palettes), Some(1));
}

#[test]
fn section_3_4_view_of_a_new_game() {
    let mut game = Game::new(1);
    game.start(&cards("B2 R1 O1 V4 R2 B4 V6 I1 O3 R3 V3 R7"), false, 4, 7)
        .unwrap();
    // Setup puts one card per palette; use the spec's multi-card view through from_parts.
    assert_eq!(
        game.to_string(),
        "Canvas: R\nP1: B2\nP2: R1\nP3: O1\n> P4: V4\nHand: R2 B4 V6 I1 O3 R3 V3"
    );
    assert_eq!(game.deck_len(), 1);
    let view = "Canvas: R\nP1: B2\nP2: R1 B5\n> P3: O1 V7\nP4: V4\nHand: R2 B4 V6 I1 O3 R3 V3";
    let g = state(view, "", 6);
    assert!(!g.to_string().ends_with('\n'));
    assert_eq!(g.winning_palette(), Some(2));
}

#[test]
fn section_2_7_playing_to_a_palette_then_losing() {
    let mut g = state(
        "Canvas: R\nP1: B2\nP2: R1 B5\n> P3: O1 V7\nP4: O4\nHand: R2 B4 V6 B7 I1 O3 R3",
        "R4 B1",
        7,
    );
    assert_eq!(g.play_to_palette(0, 3), Ok(PlayResult::Winning));
    assert_eq!(g.draw_for_hand(), Ok(cards("R4")));
    assert_eq!(
        g.to_string(),
        "Canvas: R\n> P1: B2 B7\nP2: R1 B5\nP3: O1 V7\nP4: O4\nHand: R2 B4 V6 I1 O3 R3 R4"
    );
    assert_eq!(g.play_to_palette(2, 0), Ok(PlayResult::Lost));
    assert_eq!(
        g.to_string(),
        "Canvas: R\n> P1: B2 B7\nP2: R1 B5\nP3: O1 V7 R2\nP4: O4\nHand: B4 V6 I1 O3 R3 R4"
    );
    assert!(g.is_over());
    assert!(!g.is_won());
    assert_eq!(g.draw_for_hand(), Err(MoveError::GameOver));
    assert_eq!(g.play_to_palette(1, 0), Err(MoveError::GameOver));
}

#[test]
fn section_2_8_canvas_then_palette() {
    // The spec prints P2 as "R1 B5" after this move although it was "R1 R7" just before (a typo);
    // the model keeps R1 R7.
    let mut g = state(
        "Canvas: R\nP1: B2 B7\n> P2: R1 R7\nP3: O1 V7\nP4: O4\nHand: R2 B4 V6 I1 O3 R3 R4",
        "B1 I5",
        7,
    );
    g.play_to_canvas(3).unwrap();
    assert_eq!(
        g.to_string(),
        "Canvas: I\nP1: B2 B7\n> P2: R1 R7\nP3: O1 V7\nP4: O4\nHand: R2 B4 V6 O3 R3 R4"
    );
    assert_eq!(g.play_to_canvas(0), Err(MoveError::CanvasAlreadyPlayed));
    assert_eq!(g.play_to_palette(1, 0), Err(MoveError::PaletteWinning(1)));
    assert_eq!(g.play_to_palette(3, 4), Ok(PlayResult::Winning));
    g.draw_for_hand().unwrap();
    assert_eq!(
        g.to_string(),
        "Canvas: I\nP1: B2 B7\nP2: R1 R7\nP3: O1 V7\n> P4: O4 R3\nHand: R2 B4 V6 O3 R4 B1 I5"
    );
    // The spec's rendering of that state, verbatim, is also consistent with the rules.
    state(
        "Canvas: I\nP1: B2 B7\nP2: R1 B5\nP3: O1 V7\n> P4: O4 R3\nHand: R2 B4 V6 O3 R4 B1 I5",
        "",
        7,
    );
    assert!(!g.is_over());
}

#[test]
fn section_2_8_violet_alternative() {
    // The spec's alternative starts from P1 "B2 R7", P2 "R1 B5" and an eight-card hand.
    let mut g = state(
        "Canvas: R\n> P1: B2 R7\nP2: R1 B5\nP3: O1 V7\nP4: O4\nHand: R2 B4 V6 I1 O3 R3 B3 R4",
        "",
        8,
    );
    g.play_to_canvas(2).unwrap();
    assert_eq!(
        g.to_string(),
        "Canvas: V\n> P1: B2 R7\nP2: R1 B5\nP3: O1 V7\nP4: O4\nHand: R2 B4 I1 O3 R3 B3 R4"
    );
    assert_eq!(g.play_to_palette(1, 2), Ok(PlayResult::Winning));
    assert_eq!(
        g.to_string(),
        "Canvas: V\nP1: B2 R7\n> P2: R1 B5 I1\nP3: O1 V7\nP4: O4\nHand: R2 B4 O3 R3 B3 R4"
    );
}

#[test]
fn section_2_9_drawing_from_an_empty_or_short_deck() {
    let start =
        "Canvas: R\n> P1: B2 B7\nP2: R1 B5\nP3: O1 V7\nP4: O4\nHand: R2 B4 V6 O3 R3 B3 R4 B1";
    let after = "Canvas: V\nP1: B2 B7\nP2: R1 B5\n> P3: O1 V7 R2\nP4: O4\nHand: B4 O3 R3 B3 R4 B1";
    for (deck, drawn) in [("", ""), ("O2", " O2")] {
        let mut g = state(start, deck, 8);
        g.play_to_canvas(2).unwrap();
        assert_eq!(g.play_to_palette(2, 0), Ok(PlayResult::Winning));
        assert_eq!(g.to_string(), after);
        g.draw_for_hand().unwrap();
        assert_eq!(g.to_string(), format!("{after}{drawn}"));
        assert!(!g.is_over());
    }
}

#[test]
fn section_2_10_game_over_examples() {
    let a = state("Canvas: R\nP1: R1\nP2: R2\n> P3: R3\nHand:", "", 7);
    assert!(a.is_over() && a.is_won());
    let b = state("Canvas: V\nP1: R1 B7\n> P2: R2 B2\nP3: V1\nHand: B1", "", 7);
    assert!(!b.is_over());
    let c = state("Canvas: R\nP1: R1\nP2: R2\n> P3: R3\nHand: B2", "", 7);
    assert!(!c.is_over());

    // B with B3 can be won: B3 to P1 ties P2 on two cards below 4 and wins on B3 > R2.
    let mut b = state("Canvas: V\nP1: R1 B7\n> P2: R2 B2\nP3: V1\nHand: B3", "", 7);
    assert_eq!(b.play_to_canvas(0), Err(MoveError::LastCardInHand));
    assert_eq!(b.play_to_palette(0, 0), Ok(PlayResult::Winning));
    assert!(b.is_over() && b.is_won());
    // C can only lose.
    for p in 0..2 {
        let mut c = state("Canvas: R\nP1: R1\nP2: R2\n> P3: R3\nHand: B2", "", 7);
        assert_eq!(c.play_to_palette(p, 0), Ok(PlayResult::Lost));
        assert!(c.is_over() && !c.is_won());
    }
}

#[test]
fn start_validation_errors() {
    let all = Game::all_cards();
    let mut g = Game::new(0);
    assert_eq!(
        g.start(&all, false, 1, 7),
        Err(StartError::TooFewPalettes(1))
    );
    assert_eq!(
        g.start(&all, false, 0, 7),
        Err(StartError::TooFewPalettes(0))
    );
    assert_eq!(g.start(&all, false, 4, 0), Err(StartError::BadHandSize(0)));
    assert_eq!(
        g.start(&all[..10], false, 4, 7),
        Err(StartError::TooFewCards {
            have: 10,
            need: 11,
            palettes: 4,
            hand: 7
        })
    );
    let dup = cards("R1 R2 R3 R1");
    assert_eq!(
        g.start(&dup, false, 2, 1),
        Err(StartError::DuplicateCard(cards("R1")[0]))
    );
    assert!(matches!(
        g.start_text("R1 R2 X9", false, 2, 1),
        Err(StartError::UnknownCard(CardError::Unknown(_)))
    ));
    assert!(!g.is_started());
    assert_eq!(g.play_to_palette(0, 0), Err(MoveError::NotStarted));
    assert_eq!(g.play_to_canvas(0), Err(MoveError::NotStarted));
    assert_eq!(g.draw_for_hand(), Err(MoveError::NotStarted));
    g.start(&all[..11], false, 4, 7).unwrap();
    assert_eq!(g.start(&all, false, 4, 7), Err(StartError::AlreadyStarted));
    assert_eq!(g.deck_len(), 0);
}

#[test]
fn bad_indices_change_nothing() {
    let mut g = Game::new(0);
    g.start(&Game::all_cards(), false, 4, 7).unwrap();
    let before = g.to_string();
    assert_eq!(g.play_to_palette(4, 0), Err(MoveError::NoSuchPalette(4)));
    assert_eq!(g.play_to_palette(0, 7), Err(MoveError::NoSuchCard(7)));
    assert_eq!(g.play_to_canvas(9), Err(MoveError::NoSuchCard(9)));
    // Red: R4 on P4 wins, P4 is the winner.
    assert_eq!(g.play_to_palette(3, 0), Err(MoveError::PaletteWinning(3)));
    assert_eq!(g.to_string(), before);
}

#[test]
fn seeded_shuffle_is_deterministic_and_a_permutation() {
    let all = Game::all_cards();
    let deal = |seed| {
        let mut g = Game::new(seed);
        g.start(&all, true, 4, 7).unwrap();
        g.to_string()
    };
    assert_eq!(deal(5), deal(5));
    assert_ne!(deal(5), deal(6));
    let mut g = Game::new(3);
    g.start(&all, true, 4, 7).unwrap();
    let mut seen: Vec<Card> = g.palettes().iter().flatten().copied().collect();
    seen.extend(g.hand());
    seen.extend(g.deck_cards());
    seen.sort();
    let mut sorted = all.clone();
    sorted.sort();
    assert_eq!(seen, sorted);
}
