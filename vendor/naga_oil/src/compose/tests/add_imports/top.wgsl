#import overridable

fn entry_point() -> f32 {
    return overridable::func();
}