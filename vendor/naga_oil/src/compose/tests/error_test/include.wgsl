#define_import_path include

doesn't matter what goes here for this test

or here, just moving lines around a bit

#import missing

fn sub() {
    // have to use something for it to be declared missing
    let x = missing::y();
}
