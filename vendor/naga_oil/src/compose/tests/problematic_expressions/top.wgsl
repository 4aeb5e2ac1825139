#import mod

fn main() -> f32 {
    return mod::f();
}