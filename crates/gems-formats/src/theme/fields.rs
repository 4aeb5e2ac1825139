//! The theme's fields declared once: [`theme_section!`] writes a section's struct, its
//! defaults, and the list of its editable values (label and allowed range) that both the
//! validation and the theme editor read, so the file, the checks and the editor cannot
//! disagree.

use super::Easing;

/// One editable value of a theme, borrowed for reading or writing.
#[derive(Debug)]
pub enum Value<'a> {
    /// A colour, `#rrggbb` or `#rrggbbaa`.
    Colour(&'a mut String),
    /// A number within `lo..=hi`.
    Number {
        /// The value.
        value: &'a mut f32,
        /// The smallest allowed.
        lo: f32,
        /// The largest allowed.
        hi: f32,
    },
    /// A count within `lo..=hi`.
    Count {
        /// The value.
        value: &'a mut u32,
        /// The smallest allowed.
        lo: u32,
        /// The largest allowed.
        hi: u32,
    },
    /// An easing curve.
    Easing(&'a mut Easing),
}

/// A named, labelled editable value of a theme section.
#[derive(Debug)]
pub struct Field<'a> {
    /// The field's name in the file (`text_size`).
    pub name: &'static str,
    /// The editor's label ("Text size").
    pub label: &'static str,
    /// The value, with its range.
    pub value: Value<'a>,
}

/// A type a theme field can have, with how it is edited.
pub trait Editable {
    /// Whether the type is a number, whose declaration must give its range (checked when the
    /// section is declared: a number without one does not compile).
    const RANGED: bool;

    /// The value as an editable [`Value`], within `range` when it is a number.
    fn value(&mut self, range: Option<(f64, f64)>) -> Value<'_>;
}

impl Editable for String {
    const RANGED: bool = false;

    fn value(&mut self, _: Option<(f64, f64)>) -> Value<'_> {
        Value::Colour(self)
    }
}

impl Editable for f32 {
    const RANGED: bool = true;

    fn value(&mut self, range: Option<(f64, f64)>) -> Value<'_> {
        // Every number's declaration gives its range (`RANGED`); this is never used.
        let (lo, hi) = range.unwrap_or((f64::from(f32::MIN), f64::from(f32::MAX)));
        Value::Number {
            value: self,
            lo: lo as f32,
            hi: hi as f32,
        }
    }
}

impl Editable for u32 {
    const RANGED: bool = true;

    fn value(&mut self, range: Option<(f64, f64)>) -> Value<'_> {
        // Every number's declaration gives its range (`RANGED`); this is never used.
        let (lo, hi) = range.unwrap_or((0.0, f64::from(u32::MAX)));
        Value::Count {
            value: self,
            lo: lo as u32,
            hi: hi as u32,
        }
    }
}

impl Editable for Easing {
    const RANGED: bool = false;

    fn value(&mut self, _: Option<(f64, f64)>) -> Value<'_> {
        Value::Easing(self)
    }
}

impl Value<'_> {
    /// Why the value is not allowed, if it is not (`field` names it in the message).
    pub fn problem(&self, field: &str) -> Option<String> {
        match self {
            Value::Colour(c) => super::hex_rgba(c)
                .is_none()
                .then(|| format!("{field}: '{c}' is not a colour (#rrggbb)")),
            Value::Number { value, lo, hi } => (!(*lo..=*hi).contains(*value))
                .then(|| format!("{field}: {value} is outside {lo}..={hi}")),
            Value::Count { value, lo, hi } => (!(*lo..=*hi).contains(*value))
                .then(|| format!("{field}: {value} is outside {lo}..={hi}")),
            Value::Easing(_) => None,
        }
    }
}

/// Declares a theme section: the struct (each field with its doc, type and default, and, for a
/// value the player edits, `=> "Label"` with an optional `lo..=hi` range), its `Default`, and
/// `fields_mut`, the editable values in declaration order.
macro_rules! theme_section {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[$fmeta:meta])*
                pub $field:ident : $ty:ty = $default:expr
                $(=> $label:literal $(, $lo:literal ..= $hi:literal)?)?
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $(
                $(#[$fmeta])*
                pub $field: $ty,
            )*
        }

        impl Default for $name {
            fn default() -> Self {
                Self {
                    $($field: $default,)*
                }
            }
        }

        // A number the player edits must declare its range.
        $($(
            const _: () = assert!(
                !<$ty as $crate::theme::fields::Editable>::RANGED
                    || (false $(|| { let _ = ($lo, $hi); true })?),
                concat!(
                    stringify!($name), ".", stringify!($field), " (", $label, "): a number needs lo..=hi"
                ),
            );
        )?)*

        impl $name {
            /// The values a player edits, each with its label and allowed range, in the order
            /// of the file: what the validation checks and the editor shows.
            pub fn fields_mut(&mut self) -> Vec<$crate::theme::fields::Field<'_>> {
                vec![$($(
                    $crate::theme::fields::Field {
                        name: stringify!($field),
                        label: $label,
                        value: $crate::theme::fields::Editable::value(
                            &mut self.$field,
                            None $(.or(Some(($lo as f64, $hi as f64))))?,
                        ),
                    },
                )?)*]
            }
        }
    };
}

pub(crate) use theme_section;

/// Declares a section made only of colours, like [`theme_section!`], but generic over how a
/// colour is held: `String` in the file (the default), and any parsed form through `map`, so
/// the game parses the section once into a twin with the same fields.
macro_rules! colour_section {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[$fmeta:meta])*
                pub $field:ident = $default:literal => $label:literal
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        #[serde(
            default,
            bound(deserialize = "C: Deserialize<'de> + From<&'static str>")
        )]
        pub struct $name<C = String> {
            $(
                $(#[$fmeta])*
                pub $field: C,
            )*
        }

        impl<C: From<&'static str>> Default for $name<C> {
            fn default() -> Self {
                Self {
                    $($field: C::from($default),)*
                }
            }
        }

        impl<C> $name<C> {
            /// The same section with every colour converted by `f` (the game parses a theme's
            /// colours once so).
            pub fn map<D>(&self, mut f: impl FnMut(&C) -> D) -> $name<D> {
                $name {
                    $($field: f(&self.$field),)*
                }
            }
        }

        impl $name {
            /// The colours a player edits, each with its label, in the order of the file.
            pub fn fields_mut(&mut self) -> Vec<$crate::theme::fields::Field<'_>> {
                vec![$(
                    $crate::theme::fields::Field {
                        name: stringify!($field),
                        label: $label,
                        value: $crate::theme::fields::Value::Colour(&mut self.$field),
                    },
                )*]
            }
        }
    };
}

pub(crate) use colour_section;
