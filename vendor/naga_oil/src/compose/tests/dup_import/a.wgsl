#define_import_path a

#import consts

fn f() -> f32 {
    return consts::PI * 1.0;
}