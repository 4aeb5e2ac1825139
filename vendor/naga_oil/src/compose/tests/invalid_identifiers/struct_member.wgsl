#define_import_path struct_members

struct FineStruct {
    fine: f32,
}

struct BadStruct {
    also_fine: f32,
    bad_: f32,
}