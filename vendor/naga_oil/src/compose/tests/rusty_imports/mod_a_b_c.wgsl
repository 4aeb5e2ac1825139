#define_import_path a::b::c

const C: f32 = 2.0;

fn triple(in: f32) -> f32 {
    return in * 3.0;
}