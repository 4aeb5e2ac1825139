#define_import_path a

const C: u32 = 1u;