#define_import_path inc

fn hello() -> f32 {
    return 1.0;
}