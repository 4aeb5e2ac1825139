#import consts
#import bind

fn main() -> f32 {
    return f32(bind::arr[0]);
} 