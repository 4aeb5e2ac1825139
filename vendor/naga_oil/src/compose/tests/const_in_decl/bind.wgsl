#define_import_path bind

#import consts

const y: u32 = 2u;

var<private> arr: array<u32, consts::X>;