#import glsl_module

fn fraggo() -> f32 {
    let x = glsl_module::glsl_func();
    return x;
}