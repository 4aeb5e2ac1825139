//! Anonymous players: a secret of 128 bits that the client makes on first use and sends with
//! each submission. The server keeps only the secret's SHA-256, and shows a player by a public
//! id (a hash of that hash) and a display name they choose.

use sha2::{Digest, Sha256};

/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// Why a secret or a name is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    /// Not 32 hexadecimal digits.
    #[error("the player's secret is not 32 hexadecimal digits (128 bits)")]
    Secret,
    /// Empty, too long, or with characters a name may not have.
    #[error(
        "a name has 1 to {MAX_NAME_CHARS} letters, digits, spaces and . - _ ' (not only spaces)"
    )]
    Name,
}

/// A player's secret, as sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Secret([u8; 16]);

impl Secret {
    /// The secret written as 32 hexadecimal digits (either case).
    pub fn parse(hex: &str) -> Result<Secret, PlayerError> {
        if hex.len() != 32 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(PlayerError::Secret);
        }
        let mut bytes = [0u8; 16];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = u8::from_str_radix(hex.get(2 * i..2 * i + 2).ok_or(PlayerError::Secret)?, 16)
                .map_err(|_| PlayerError::Secret)?;
        }
        Ok(Secret(bytes))
    }

    /// What the database keeps: the secret's SHA-256, in hexadecimal.
    pub fn hash(&self) -> String {
        hex(&Sha256::digest(self.0))
    }

    /// The id the tables show: the first 16 hexadecimal digits of the hash's own SHA-256,
    /// which tells nothing of the secret.
    pub fn public_id(&self) -> String {
        let mut id = hex(&Sha256::digest(self.hash().as_bytes()));
        id.truncate(16);
        id
    }

    /// The name a player has until they choose one.
    pub fn default_name(&self) -> String {
        format!("Player {}", &self.public_id()[..6])
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `name` trimmed, if it is a display name: 1 to [`MAX_NAME_CHARS`] characters, letters
/// (any script), digits, spaces and `.` `-` `_` `'`, spaces not doubled.
pub fn display_name(name: &str) -> Result<String, PlayerError> {
    let name = name.trim();
    let allowed = |c: char| c.is_alphanumeric() || matches!(c, ' ' | '.' | '-' | '_' | '\'');
    let count = name.chars().count();
    if count == 0 || count > MAX_NAME_CHARS || !name.chars().all(allowed) || name.contains("  ") {
        return Err(PlayerError::Name);
    }
    Ok(name.to_string())
}

/// Whether `id` looks like a public id (16 lowercase hexadecimal digits).
pub fn is_public_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secret_is_32_hex_digits_and_only_its_hash_is_kept() {
        let s = Secret::parse("00112233445566778899AABBCCDDEEFF").expect("hex");
        assert_eq!(
            s,
            Secret::parse("00112233445566778899aabbccddeeff").unwrap()
        );
        assert_eq!(s.hash().len(), 64);
        assert!(!s.hash().contains("00112233445566778899"));
        assert!(is_public_id(&s.public_id()));
        for bad in [
            "",
            "0011",
            "g0112233445566778899aabbccddeeff",
            "00112233445566778899aabbccddeeff00",
            "+0112233445566778899aabbccddeeff",
            "ééé",
        ] {
            assert_eq!(Secret::parse(bad), Err(PlayerError::Secret), "{bad}");
        }
    }

    #[test]
    fn display_names_are_bounded_in_length_and_characters() {
        assert_eq!(display_name("  Ada  "), Ok("Ada".to_string()));
        assert_eq!(display_name("Zoë O'Neil-2"), Ok("Zoë O'Neil-2".to_string()));
        assert_eq!(display_name("山田"), Ok("山田".to_string()));
        for bad in [
            "",
            "   ",
            "a\nb",
            "<script>",
            "a  b",
            &"x".repeat(25),
            "ab\u{202e}c",
        ] {
            assert_eq!(display_name(bad), Err(PlayerError::Name), "{bad:?}");
        }
        assert!(display_name(&"é".repeat(24)).is_ok());
    }
}
