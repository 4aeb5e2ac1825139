#define_import_path consts

const fine: f32 = 1.0;
const bad_: f32 = 1.0;