#define_import_path overridable

virtual fn func() -> f32 {
    return 1.0;
}