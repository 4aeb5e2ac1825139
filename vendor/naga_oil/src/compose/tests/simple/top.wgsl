#import inc as Inc

fn main() -> f32 {
    let x = Inc::hello();
    return x;
}