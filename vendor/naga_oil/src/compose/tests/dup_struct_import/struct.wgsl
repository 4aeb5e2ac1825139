#define_import_path struct

struct MyStruct {
    value: f32,
}