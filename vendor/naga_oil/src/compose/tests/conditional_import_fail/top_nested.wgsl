#import middle

fn main() -> u32 {
    return middle::mid_fn();
}
