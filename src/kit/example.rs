//! How to play's worked example, on the game's own board: while a game's page is open, its
//! session steps aside and the example's position (`assets/help/GAME.example.ron`, a setup and
//! moves in the resume file's words, played through the rules) takes its place, so the game's
//! own view draws it: a group and its points, a loop, a line past a blocked square, a canvas
//! that changed the rule, a scored grid. Closing the page (or leaving the screen) brings the
//! game in play back as it was. While the example shows, the game's input and computer players
//! wait ([`super::help::no_example`]) and nothing is saved for resume; a command for the game
//! (Undo, Hint, New game…) closes the page first, so it reaches the game in play.

use bevy::ecs::system::SystemId;
use bevy::prelude::*;

use super::chrome::{Chrome, apply_commands};
use super::help::{Example, ExampleShown, ExampleSwap, Examples};
use super::resume::Resumable;
use super::screens::Screen;

/// The game in play while its example is on the board, and the example on show.
#[derive(Resource)]
struct Stashed<S> {
    game: S,
    example: Example,
}

/// Registers a game's worked example.
pub trait AddExample {
    /// Shows the example of `screen` in its session `S` while its How to play page is open;
    /// `redraw` lays the board out again from the session (the game's own system that does so
    /// on entering the screen), run after each swap.
    fn help_example<S: Resumable, M>(
        &mut self,
        screen: Screen,
        redraw: impl IntoSystem<(), (), M> + 'static,
    ) -> &mut Self;
}

impl AddExample for App {
    fn help_example<S: Resumable, M>(
        &mut self,
        screen: Screen,
        redraw: impl IntoSystem<(), (), M> + 'static,
    ) -> &mut Self {
        let redraw = self.world_mut().register_system(redraw);
        self.configure_sets(Update, ExampleSwap.after(apply_commands))
            .add_systems(
                Update,
                (move |world: &mut World, failed: Local<Option<Example>>| {
                    swap::<S>(world, screen, redraw, failed)
                })
                .in_set(ExampleSwap),
            )
            // Leaving the screen: the game in play comes back (the screen lays it out when it
            // is entered again).
            .add_systems(OnExit(screen), move |world: &mut World| {
                restore::<S>(world, None);
            })
    }
}

/// Puts the example of `screen` on its board while its page is open, and the game in play
/// back once it closes.
fn swap<S: Resumable>(
    world: &mut World,
    screen: Screen,
    redraw: SystemId,
    mut failed: Local<Option<Example>>,
) {
    let on_screen = world
        .get_resource::<State<Screen>>()
        .is_some_and(|s| *s.get() == screen);
    let open = on_screen && world.get_resource::<Chrome>().is_some_and(|c| c.help);
    let shown = world.get_resource::<Stashed<S>>().map(|s| &s.example);
    let wanted = open
        .then(|| world.get_resource::<Examples>()?.get(screen))
        .flatten();
    match (wanted, shown) {
        // Still being read: what is on the board stays.
        (None, Some(_)) if open => {}
        (None, None) => {}
        (None, Some(_)) => restore::<S>(world, on_screen.then_some(redraw)),
        (Some(Ok(example)), Some(shown)) if example == shown => {}
        (Some(Ok(example)), _) => {
            if failed.as_ref() != Some(example) {
                let example = example.clone();
                if let Err(why) = show::<S>(world, screen, example.clone(), redraw) {
                    *failed = Some(example);
                    restore::<S>(world, Some(redraw));
                    set_error(world, Some(why));
                }
            }
        }
        (Some(Err(why)), shown) => {
            let why = format!("the example could not be read: {why}");
            if shown.is_some() {
                restore::<S>(world, Some(redraw));
            }
            set_error(world, Some(why));
        }
    }
}

/// Plays `example` through the rules and puts it on the board of `screen` (the game in play
/// steps aside, unless an example is already there), or says why it does not play.
fn show<S: Resumable>(
    world: &mut World,
    screen: Screen,
    example: Example,
    redraw: SystemId,
) -> Result<(), String> {
    if example.game != screen.slug() {
        return Err(format!("the example is a game of {}", example.game));
    }
    let session = S::replay(&example.setup, &example.journal)
        .map_err(|why| format!("the example does not play: {why}"))?;
    if let Some(mut stashed) = world.get_resource_mut::<Stashed<S>>() {
        stashed.example = example;
    } else {
        let Some(game) = world.remove_resource::<S>() else {
            return Err("there is no game to put aside".into());
        };
        world.insert_resource(Stashed { game, example });
    }
    world.insert_resource(session);
    if let Some(mut shown) = world.get_resource_mut::<ExampleShown>() {
        *shown = ExampleShown {
            screen: Some(screen),
            error: None,
        };
    }
    run(world, redraw);
    Ok(())
}

/// The game in play back on its board (laid out again by `redraw`, when given).
fn restore<S: Resumable>(world: &mut World, redraw: Option<SystemId>) {
    let Some(Stashed { game, .. }) = world.remove_resource::<Stashed<S>>() else {
        return;
    };
    world.insert_resource(game);
    if let Some(mut shown) = world.get_resource_mut::<ExampleShown>() {
        shown.screen = None;
    }
    if let Some(redraw) = redraw {
        run(world, redraw);
    }
}

fn set_error(world: &mut World, error: Option<String>) {
    if let Some(mut shown) = world.get_resource_mut::<ExampleShown>()
        && shown.error != error
    {
        shown.error = error;
    }
}

fn run(world: &mut World, redraw: SystemId) {
    if let Err(e) = world.run_system(redraw) {
        tracing::warn!("the board could not be laid out again: {e}");
    }
}
