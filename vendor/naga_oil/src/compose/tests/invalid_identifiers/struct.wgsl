#define_import_path structs

struct IsFine {
    fine: f32,
}

struct Isbad_ {
    fine_member: f32,
}