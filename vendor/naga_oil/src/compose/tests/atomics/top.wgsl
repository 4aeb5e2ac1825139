#import test_module

fn main() -> f32 {
    return test_module::entry_point();
}
