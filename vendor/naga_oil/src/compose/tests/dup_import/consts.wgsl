#define_import_path consts

const PI: f32         = 3.1;