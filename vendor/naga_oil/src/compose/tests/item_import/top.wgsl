#import consts X, double
#import consts Y

fn main() -> u32 {
    return double(X);
} 

fn other() -> u32 {
    return double(Y);
}