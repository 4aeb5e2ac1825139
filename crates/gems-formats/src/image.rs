//! Theme images: PNG files decoded with their size checked before a single pixel is decoded,
//! and mip chains built on the CPU (WebGL2 has no compute pass to build them on the GPU).

use std::io::Cursor;

/// Largest image file read, in bytes.
pub const MAX_IMAGE_BYTES: usize = 8 * 1024 * 1024;

/// Largest width or height accepted, in pixels.
pub const MAX_IMAGE_SIDE: u32 = 2048;

/// A decoded image: 8-bit sRGB with straight alpha, rows top to bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rgba8 {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width × height × 4` bytes.
    pub pixels: Vec<u8>,
}

/// Why an image was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImageError {
    /// The file is too large to read.
    #[error("the file is larger than {max} bytes")]
    TooLarge {
        /// The limit.
        max: usize,
    },
    /// The image's dimensions are over the limit (checked before decoding).
    #[error("the image is {width}×{height} pixels; the largest allowed is {max}×{max}")]
    TooBig {
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
        /// The limit per side.
        max: u32,
    },
    /// Zero pixels wide or high.
    #[error("the image has no pixels")]
    Empty,
    /// Not a PNG, or a damaged one.
    #[error("not a readable PNG image ({0})")]
    Png(String),
}

impl Rgba8 {
    /// Decodes a PNG of any colour type and bit depth into 8-bit RGBA, refusing files over
    /// [`MAX_IMAGE_BYTES`] and images over [`MAX_IMAGE_SIDE`] before decoding their pixels.
    pub fn decode_png(bytes: &[u8]) -> Result<Self, ImageError> {
        if bytes.len() > MAX_IMAGE_BYTES {
            return Err(ImageError::TooLarge {
                max: MAX_IMAGE_BYTES,
            });
        }
        let png_err = |e: png::DecodingError| ImageError::Png(e.to_string());
        let mut decoder = png::Decoder::new(Cursor::new(bytes));
        let (width, height) = {
            let info = decoder.read_header_info().map_err(png_err)?;
            (info.width, info.height)
        };
        if width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE {
            return Err(ImageError::TooBig {
                width,
                height,
                max: MAX_IMAGE_SIDE,
            });
        }
        if width == 0 || height == 0 {
            return Err(ImageError::Empty);
        }
        decoder.set_transformations(png::Transformations::normalize_to_color8());
        let mut reader = decoder.read_info().map_err(png_err)?;
        let size = reader
            .output_buffer_size()
            .ok_or_else(|| ImageError::Png("the image is too large to decode".into()))?;
        let mut buf = vec![0; size];
        let frame = reader.next_frame(&mut buf).map_err(png_err)?;
        buf.truncate(frame.buffer_size());
        let n = (width * height) as usize;
        let pixels = match frame.color_type {
            png::ColorType::Rgba => buf,
            png::ColorType::Rgb => buf
                .chunks_exact(3)
                .flat_map(|p| [p[0], p[1], p[2], 255])
                .collect(),
            png::ColorType::GrayscaleAlpha => buf
                .chunks_exact(2)
                .flat_map(|p| [p[0], p[0], p[0], p[1]])
                .collect(),
            png::ColorType::Grayscale => buf.iter().flat_map(|&g| [g, g, g, 255]).collect(),
            png::ColorType::Indexed => {
                return Err(ImageError::Png("palette was not expanded".into()));
            }
        };
        if pixels.len() != n * 4 {
            return Err(ImageError::Png("the pixel data is incomplete".into()));
        }
        Ok(Self {
            width,
            height,
            pixels,
        })
    }

    /// The image at half size (each side rounded down, at least 1): each pixel the
    /// alpha-weighted average of the 2×2 pixels it covers, so transparent edges do not darken.
    pub fn half(&self) -> Self {
        let (w, h) = ((self.width / 2).max(1), (self.height / 2).max(1));
        let mut pixels = Vec::with_capacity((w * h * 4) as usize);
        let at = |x: u32, y: u32| {
            let (x, y) = (x.min(self.width - 1), y.min(self.height - 1));
            let i = ((y * self.width + x) * 4) as usize;
            &self.pixels[i..i + 4]
        };
        for y in 0..h {
            for x in 0..w {
                let mut sum = [0u32; 4];
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let p = at(2 * x + dx, 2 * y + dy);
                    let a = u32::from(p[3]);
                    for c in 0..3 {
                        sum[c] += u32::from(p[c]) * a;
                    }
                    sum[3] += a;
                }
                let rgb = |c: usize| {
                    (sum[c] + sum[3] / 2)
                        .checked_div(sum[3])
                        .map_or(0, |v| v as u8)
                };
                pixels.extend([rgb(0), rgb(1), rgb(2), ((sum[3] + 2) / 4) as u8]);
            }
        }
        Self {
            width: w,
            height: h,
            pixels,
        }
    }

    /// Every mip level from this one down to 1×1, concatenated (the layout GPUs upload), and
    /// the number of levels.
    pub fn mip_chain(&self) -> (Vec<u8>, u32) {
        let mut data = self.pixels.clone();
        let mut level = self.clone();
        let mut levels = 1;
        while level.width > 1 || level.height > 1 {
            level = level.half();
            data.extend_from_slice(&level.pixels);
            levels += 1;
        }
        (data, levels)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Encodes a PNG of `width × height` with `channels` (1 grey, 3 RGB, 4 RGBA).
    pub(crate) fn encode(width: u32, height: u32, color: png::ColorType, data: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut e = png::Encoder::new(&mut out, width, height);
        e.set_color(color);
        e.set_depth(png::BitDepth::Eight);
        e.write_header().unwrap().write_image_data(data).unwrap();
        out
    }

    #[test]
    fn decodes_every_colour_type_to_rgba() {
        let rgba = Rgba8::decode_png(&encode(1, 1, png::ColorType::Rgba, &[1, 2, 3, 4])).unwrap();
        assert_eq!(rgba.pixels, [1, 2, 3, 4]);
        let rgb = Rgba8::decode_png(&encode(1, 1, png::ColorType::Rgb, &[9, 8, 7])).unwrap();
        assert_eq!(rgb.pixels, [9, 8, 7, 255]);
        let grey = Rgba8::decode_png(&encode(2, 1, png::ColorType::Grayscale, &[5, 6])).unwrap();
        assert_eq!(grey.pixels, [5, 5, 5, 255, 6, 6, 6, 255]);
        let ga = Rgba8::decode_png(&encode(1, 1, png::ColorType::GrayscaleAlpha, &[7, 0])).unwrap();
        assert_eq!(ga.pixels, [7, 7, 7, 0]);
    }

    #[test]
    fn refuses_oversized_and_broken_files_without_decoding() {
        let header_only = {
            let ok = encode(4000, 1, png::ColorType::Grayscale, &[0; 4000]);
            ok[..33].to_vec()
        };
        assert!(matches!(
            Rgba8::decode_png(&header_only),
            Err(ImageError::TooBig {
                width: 4000,
                height: 1,
                ..
            })
        ));
        assert!(matches!(
            Rgba8::decode_png(b"not a png"),
            Err(ImageError::Png(_))
        ));
        let good = encode(2, 2, png::ColorType::Rgb, &[0; 12]);
        assert!(Rgba8::decode_png(&good[..good.len() - 20]).is_err());
        assert!(matches!(
            Rgba8::decode_png(&vec![0; MAX_IMAGE_BYTES + 1]),
            Err(ImageError::TooLarge { .. })
        ));
    }

    #[test]
    fn mip_chains_halve_down_to_one_pixel_and_ignore_transparent_colour() {
        // 3 × 2: odd sizes round down.
        let img = Rgba8 {
            width: 3,
            height: 2,
            pixels: [[200, 0, 0, 255], [0, 0, 255, 0]]
                .iter()
                .cycle()
                .take(6)
                .flatten()
                .copied()
                .collect(),
        };
        let (data, levels) = img.mip_chain();
        assert_eq!(levels, 2);
        assert_eq!(data.len(), (3 * 2 + 1) * 4);
        // The transparent blue pixels add coverage, not colour.
        assert_eq!(&data[24..28], &[200, 0, 0, 128]);
        let big = Rgba8 {
            width: 256,
            height: 64,
            pixels: vec![77; 256 * 64 * 4],
        };
        let (data, levels) = big.mip_chain();
        assert_eq!(levels, 9);
        let expected: u32 = (0..9)
            .map(|l| (256u32 >> l).max(1) * (64u32 >> l).max(1))
            .sum();
        assert_eq!(data.len() as u32, expected * 4);
        assert!(data.iter().all(|&b| b == 77));
    }
}
