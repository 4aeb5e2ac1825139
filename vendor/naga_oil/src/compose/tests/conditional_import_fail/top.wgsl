#ifdef USE_A
    #import a::b
#endif

fn main() -> u32 {
    return b::C;
}
