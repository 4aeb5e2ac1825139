#import overridable

override fn overridable::func() -> f32 {
    return overridable::func() + 1.0;
}