#define_import_path "quoted_module"

fn foo() -> f32 {
    return 3.0;
}