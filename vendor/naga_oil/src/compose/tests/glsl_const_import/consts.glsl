#define_import_path common

const float my_constant = 0.5;

void main() {}