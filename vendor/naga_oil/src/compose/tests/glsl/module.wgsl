#define_import_path wgsl_module

fn wgsl_func() -> f32 {
    return 53.0;
}