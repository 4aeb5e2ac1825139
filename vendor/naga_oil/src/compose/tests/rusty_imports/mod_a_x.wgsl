#define_import_path a::x

fn square(in: f32) -> f32 {
    return in * in;
}