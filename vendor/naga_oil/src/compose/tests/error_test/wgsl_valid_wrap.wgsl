fn whatever() {
    valid_inc::main();
}