#define_import_path common

const my_constant: f32 = 0.5;
