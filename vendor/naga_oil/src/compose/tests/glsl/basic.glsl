#version 450
float _xaga_oil_mod__wgsl_module__wgsl_func() {
    return 53.0;
}



            

                   



layout(location = 0) out vec4 o_Target;

void main() {
    o_Target = vec4(_xaga_oil_mod__wgsl_module__wgsl_func());
}
