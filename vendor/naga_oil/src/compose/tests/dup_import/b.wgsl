#define_import_path b

#import consts

fn f() -> f32 {
    return consts::PI * 2.0;
}

fn g() -> f32 {
    return consts::PI * 2.0;
}