#define_import_path consts

const X: u32 = 1u;