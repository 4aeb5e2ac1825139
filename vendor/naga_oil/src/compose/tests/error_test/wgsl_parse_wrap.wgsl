fn ok() {
    wgsl_parse_err::woops();
}