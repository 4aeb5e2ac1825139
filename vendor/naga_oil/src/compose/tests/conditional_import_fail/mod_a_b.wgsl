#define_import_path a::b

const C: u32 = 1u;
