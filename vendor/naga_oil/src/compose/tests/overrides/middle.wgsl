#define_import_path middle

#import mod

override fn mod::inner(arg: f32) -> f32 {
    return arg * 3.0;
}

