#define_import_path fns

fn fine(in: f32) -> f32 {return in;}
fn bad_(in: f32) -> f32 {return in;}
