//! Theme images (`Rgba8::decode_png`): never panics, never decodes an image over the size limit,
//! and an accepted image has all its pixels and a mip chain down to one pixel.
#![no_main]

use gems_formats::image::{MAX_IMAGE_SIDE, Rgba8};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(image) = Rgba8::decode_png(data) else {
        return;
    };
    assert!(image.width >= 1 && image.height >= 1);
    assert!(image.width <= MAX_IMAGE_SIDE && image.height <= MAX_IMAGE_SIDE);
    assert_eq!(image.pixels.len(), (image.width * image.height * 4) as usize);
    let (chain, levels) = image.mip_chain();
    let expected: u32 = (0..levels)
        .map(|l| (image.width >> l).max(1) * (image.height >> l).max(1))
        .sum();
    assert_eq!(chain.len() as u32, expected * 4);
    assert_eq!(
        levels,
        32 - image.width.max(image.height).leading_zeros(),
        "levels down to 1×1"
    );
});
