#define_import_path mod

var<private> a: f32 = 0.0;