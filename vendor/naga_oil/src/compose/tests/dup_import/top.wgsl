#import a
#import b

fn main() -> f32 {
    let x = a::f();
    let y = b::f();

    return x*y;
} 