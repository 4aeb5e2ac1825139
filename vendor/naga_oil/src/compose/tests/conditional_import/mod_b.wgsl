#define_import_path b

const C: u32 = 2u;