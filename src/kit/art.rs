//! Theme art, shared by every game: the PNG images a theme names (a gem kind's picture, the
//! board, the background) as textures with mip chains, and how each gem style is drawn (its
//! image, or else its coloured shape), so Modern Gems' gems, Dots' dots and K in a row's tiles
//! come from the same theme.
//!
//! Images load through [`PngLoader`], built on the `png` crate (Bevy's `png` feature would pull
//! in the `image` crate): it checks an image's size before decoding it and builds the mip chain
//! on the CPU, since WebGL2 has no compute pass. Images reload while the game runs like the rest
//! of the theme. A missing, corrupt or oversized image is a notice naming the file, and the
//! style's shape is drawn instead.

use std::collections::HashMap;
use std::f32::consts::{FRAC_PI_2, PI, TAU};

use bevy::asset::{AssetLoadFailedEvent, LoadContext, RenderAssetUsages, io::Reader};
use bevy::image::{ImageSampler, ImageSamplerDescriptor};
use bevy::mesh::Indices;
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, PrimitiveTopology, TextureDimension, TextureFormat};
use gems_formats::image::{ImageError, MAX_IMAGE_BYTES, Rgba8};

use crate::kit::palette::Palette;
use crate::kit::settings::Notices;
use crate::kit::theme::{GemShape, Theme};

/// Loads `*.png` theme images into textures with a full mip chain.
#[derive(Default, TypePath)]
pub struct PngLoader;

/// Why a theme image could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum PngLoadError {
    /// Reading failed.
    #[error("could not read the file: {0}")]
    Io(#[from] std::io::Error),
    /// The image is refused.
    #[error("{0}")]
    Image(#[from] ImageError),
}

/// A decoded image as a texture: sRGB, every mip level, sampled smoothly between levels.
pub fn texture(image: &Rgba8) -> Image {
    let (data, levels) = image.mip_chain();
    let size = Extent3d {
        width: image.width,
        height: image.height,
        depth_or_array_layers: 1,
    };
    let mut texture = Image::new_uninit(
        size,
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    texture.data = Some(data);
    texture.texture_descriptor.mip_level_count = levels;
    texture.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor::linear());
    texture
}

impl bevy::asset::AssetLoader for PngLoader {
    type Asset = Image;
    type Settings = ();
    type Error = PngLoadError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _ctx: &mut LoadContext<'_>,
    ) -> Result<Image, PngLoadError> {
        let bytes = crate::kit::text_asset::read_bounded(reader, MAX_IMAGE_BYTES).await?;
        Ok(texture(&Rgba8::decode_png(&bytes)?))
    }

    fn extensions(&self) -> &[&str] {
        &["png"]
    }
}

/// The current theme's images that loaded, ready to draw; `None` where the theme names no image
/// or its image failed (then the colour and shape are drawn).
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct ThemeImages {
    /// Per gem style (the theme's `gems` entries, in order).
    pub gems: Vec<Option<Handle<Image>>>,
    /// The board's panel.
    pub board: Option<Handle<Image>>,
    /// The window's background.
    pub background: Option<Handle<Image>>,
}

/// The images asked for by the current theme, by path (holding them keeps them loaded).
#[derive(Resource, Debug, Default)]
struct Requested(HashMap<String, Handle<Image>>);

/// Loads the theme's images and keeps [`ThemeImages`] up to date (the library adds it).
pub fn plugin(app: &mut App) {
    if !app.world().contains_resource::<Assets<Image>>() {
        app.init_asset::<Image>();
    }
    app.init_asset_loader::<PngLoader>()
        .init_resource::<Requested>()
        .init_resource::<ThemeImages>()
        .add_systems(
            Update,
            (
                request.run_if(resource_changed::<Theme>),
                // Only when an image loaded, changed or went, or other images are asked for.
                resolve
                    .run_if(on_message::<AssetEvent<Image>>.or_else(resource_changed::<Requested>)),
                report_failures,
            )
                .chain(),
        );
}

/// Asks for every image the theme names (images still named keep their handles).
fn request(theme: Res<Theme>, server: Res<AssetServer>, mut requested: ResMut<Requested>) {
    let mut next = HashMap::new();
    for path in theme.images() {
        let handle = requested
            .0
            .get(path)
            .cloned()
            .unwrap_or_else(|| server.load(path.to_string()));
        next.insert(path.to_string(), handle);
    }
    requested.0 = next;
}

/// Publishes the images that have loaded (changed only when that set changes).
fn resolve(
    theme: Res<Theme>,
    requested: Res<Requested>,
    images: Res<Assets<Image>>,
    mut ready: ResMut<ThemeImages>,
) {
    let get = |path: &Option<String>| {
        let handle = requested.0.get(path.as_deref()?)?;
        images.contains(handle).then(|| handle.clone())
    };
    let next = ThemeImages {
        gems: theme.gems.iter().map(|g| get(&g.image)).collect(),
        board: get(&theme.board_image),
        background: get(&theme.background_image),
    };
    ready.set_if_neq(next);
}

/// A notice for each image that failed, naming the file.
fn report_failures(
    mut failures: MessageReader<AssetLoadFailedEvent<Image>>,
    mut notices: ResMut<Notices>,
) {
    for f in failures.read() {
        let why = match &f.error {
            bevy::asset::AssetLoadError::AssetLoaderError(inner) => {
                let e = inner.error();
                e.downcast_ref::<PngLoadError>()
                    .map_or_else(|| e.to_string(), ToString::to_string)
            }
            bevy::asset::AssetLoadError::AssetReaderError(_) => "the file is missing".into(),
            other => other.to_string(),
        };
        let why = why.lines().next().unwrap_or_default().to_string();
        let path = f.path.to_string();
        let file = match path.strip_prefix(crate::kit::theme::PLAYER_IMAGE_PREFIX) {
            Some(name) => format!("Your image {name}"),
            None => format!("Theme image assets/{path}"),
        };
        notices.warn(format!(
            "{file} cannot be used ({why}); drawing the shape instead"
        ));
    }
}

/// How one gem style is drawn: a unit-sized mesh (its shape, or a square for its image) and its
/// materials at rest and highlighted.
#[derive(Clone, Debug)]
pub struct GemLook {
    /// Fits a cell of side 1.
    pub mesh: Handle<Mesh>,
    /// At rest.
    pub plain: Handle<ColorMaterial>,
    /// Highlighted (flagged, selected).
    pub lit: Handle<ColorMaterial>,
    /// Drawn from an image (no gloss is added over it).
    pub image: bool,
}

/// What building a game's art from the theme needs: the theme (shapes), its parsed colours,
/// its images, and the mesh and material stores.
#[derive(bevy::ecs::system::SystemParam)]
pub struct ArtParams<'w> {
    /// The theme (its shapes).
    pub theme: Res<'w, Theme>,
    /// Its colours, parsed.
    pub palette: Res<'w, Palette>,
    /// Its images that loaded.
    pub images: Res<'w, ThemeImages>,
    /// The meshes.
    pub meshes: ResMut<'w, Assets<Mesh>>,
    /// The materials.
    pub materials: ResMut<'w, Assets<ColorMaterial>>,
}

impl ArtParams<'_> {
    /// Every gem style of the theme ([`gem_looks`]).
    pub fn gem_looks(&mut self) -> Vec<GemLook> {
        gem_looks(
            &self.theme,
            &self.palette,
            &self.images,
            &mut self.meshes,
            &mut self.materials,
        )
    }

    /// The board panel's material, added to the store ([`board_material`]).
    pub fn board_material(&mut self) -> Handle<ColorMaterial> {
        let material = board_material(&self.palette, &self.images);
        self.materials.add(material)
    }
}

/// Every gem style of `theme`, drawn with `images` where they loaded.
pub fn gem_looks(
    theme: &Theme,
    palette: &Palette,
    images: &ThemeImages,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<ColorMaterial>,
) -> Vec<GemLook> {
    let highlight = palette.flag_highlight.to_linear();
    let mix = theme.flag_mix.clamp(0.0, 1.0);
    let mut shapes: HashMap<GemShape, Handle<Mesh>> = HashMap::new();
    let square = meshes.add(Rectangle::new(0.96, 0.96));
    theme
        .gems
        .iter()
        .enumerate()
        .map(|(i, g)| match images.gems.get(i).cloned().flatten() {
            Some(texture) => {
                let textured = |c: Color| ColorMaterial {
                    color: c,
                    texture: Some(texture.clone()),
                    ..default()
                };
                // Lit: brighter than the picture itself (values above 1 in linear light).
                let boost = 1.0 + 1.6 * mix;
                GemLook {
                    mesh: square.clone(),
                    plain: materials.add(textured(Color::WHITE)),
                    lit: materials.add(textured(Color::linear_rgb(boost, boost, boost))),
                    image: true,
                }
            }
            None => {
                let base = palette.gems.get(i).copied().unwrap_or(Color::WHITE);
                let lit = base.to_linear().mix(&highlight, mix);
                GemLook {
                    mesh: shapes
                        .entry(g.shape)
                        .or_insert_with(|| meshes.add(shape_mesh(g.shape)))
                        .clone(),
                    plain: materials.add(base),
                    lit: materials.add(Color::from(lit)),
                    image: false,
                }
            }
        })
        .collect()
}

/// The material of a board's panel: its image where one loaded, else the theme's board colour.
pub fn board_material(palette: &Palette, images: &ThemeImages) -> ColorMaterial {
    match &images.board {
        Some(texture) => ColorMaterial {
            texture: Some(texture.clone()),
            ..default()
        },
        None => ColorMaterial::from(palette.board),
    }
}

/// A mesh fanning out from the centre to `outline` (which must be star-shaped around it).
fn fan_mesh(outline: &[Vec2]) -> Mesh {
    let mut positions = vec![[0.0, 0.0, 0.0]];
    positions.extend(outline.iter().map(|p| [p.x, p.y, 0.0]));
    let n = outline.len() as u32;
    let mut indices = Vec::with_capacity(3 * n as usize);
    for i in 0..n {
        indices.extend([0, 1 + i, 1 + (i + 1) % n]);
    }
    flat_mesh(positions, indices)
}

/// A flat mesh of triangles in the unit cell (its UVs map the cell onto an image).
fn flat_mesh(positions: Vec<[f32; 3]>, indices: Vec<u32>) -> Mesh {
    let count = positions.len();
    let uvs: Vec<[f32; 2]> = positions.iter().map(|p| [p[0] + 0.5, 0.5 - p[1]]).collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, vec![[0.0, 0.0, 1.0]; count])
    .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
    .with_inserted_indices(Indices::U32(indices))
}

/// Points of a regular polygon of radius `r` with `n` corners, the first pointing up.
fn polygon(n: usize, r: f32, turn: f32) -> Vec<Vec2> {
    (0..n)
        .map(|i| {
            let a = FRAC_PI_2 + turn + TAU * i as f32 / n as f32;
            Vec2::new(a.cos(), a.sin()) * r
        })
        .collect()
}

/// The unit mesh of a shape (fits a cell of side 1 with a small gap).
pub fn shape_mesh(shape: GemShape) -> Mesh {
    let r = 0.43;
    match shape {
        GemShape::Circle => fan_mesh(&polygon(40, r, 0.0)),
        GemShape::Diamond => fan_mesh(&polygon(4, r * 1.08, 0.0)),
        GemShape::Triangle => {
            let mut t = polygon(3, r * 1.12, 0.0);
            t.iter_mut().for_each(|p| p.y -= r * 0.16);
            fan_mesh(&t)
        }
        GemShape::Hexagon => fan_mesh(&polygon(6, r, PI / 6.0)),
        GemShape::Pentagon => fan_mesh(&polygon(5, r, 0.0)),
        GemShape::Star => {
            let outer = polygon(5, r * 1.08, 0.0);
            let inner = polygon(5, r * 0.5, PI / 5.0);
            let pts: Vec<Vec2> = outer
                .iter()
                .zip(&inner)
                .flat_map(|(o, i)| [*o, *i])
                .collect();
            fan_mesh(&pts)
        }
        GemShape::Square => {
            // A square with rounded corners.
            let (h, rad) = (r * 0.86, r * 0.25);
            let mut pts = Vec::new();
            for (cx, cy, start) in [(h, h, 0.0), (-h, h, 0.25), (-h, -h, 0.5), (h, -h, 0.75)] {
                let c = Vec2::new(cx - rad * cx.signum(), cy - rad * cy.signum());
                for k in 0..=6 {
                    let a = TAU * (start + 0.25 * k as f32 / 6.0);
                    pts.push(c + Vec2::new(a.cos(), a.sin()) * rad);
                }
            }
            fan_mesh(&pts)
        }
        GemShape::Cross => {
            let (a, b) = (r, r * 0.36);
            fan_mesh(&[
                Vec2::new(b, b),
                Vec2::new(b, a),
                Vec2::new(-b, a),
                Vec2::new(-b, b),
                Vec2::new(-a, b),
                Vec2::new(-a, -b),
                Vec2::new(-b, -b),
                Vec2::new(-b, -a),
                Vec2::new(b, -a),
                Vec2::new(b, -b),
                Vec2::new(a, -b),
                Vec2::new(a, b),
            ])
        }
        GemShape::Ring => ring_mesh(r, r * 0.48, 40),
    }
}

/// A ring between radii `inner` and `outer`, as a strip of `n` quads.
fn ring_mesh(outer: f32, inner: f32, n: u32) -> Mesh {
    let mut positions = Vec::with_capacity(2 * n as usize);
    for p in polygon(n as usize, outer, 0.0)
        .into_iter()
        .zip(polygon(n as usize, inner, 0.0))
    {
        positions.extend([[p.0.x, p.0.y, 0.0], [p.1.x, p.1.y, 0.0]]);
    }
    let mut indices = Vec::with_capacity(6 * n as usize);
    for i in 0..n {
        let (o, q) = (2 * i, 2 * ((i + 1) % n));
        indices.extend([o, o + 1, q, q, o + 1, q + 1]);
    }
    flat_mesh(positions, indices)
}

/// A run condition: the theme or its images changed, so whatever is drawn from them is drawn
/// again.
pub fn restyled(
    theme: Res<Theme>,
    palette: Res<crate::kit::palette::Palette>,
    images: Res<ThemeImages>,
) -> bool {
    theme.is_changed() || palette.is_changed() || images.is_changed()
}
