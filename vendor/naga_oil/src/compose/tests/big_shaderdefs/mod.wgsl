#define_import_path mod

fn f() -> f32 {
    var x = 0.0;
#ifdef a1
#ifdef a2
#ifdef a3
#ifdef a4
#ifdef a5
#ifdef a6
#ifdef a7
#ifdef a8
#ifdef a9
#ifdef a10
#ifdef a11
#ifdef a12
#ifdef a13
#ifdef a14
#ifdef a15
#ifdef a16
#ifdef a17
#ifdef a18
#ifdef a19
#ifdef a20
#ifdef a21
#ifdef a22
#ifdef a23
#ifdef a24
#ifdef a25
#ifdef a26
#ifdef a27
#ifdef a28
#ifdef a29
#ifdef a30
#ifdef a31
#ifdef a32
#ifdef a33
#ifdef a34
#ifdef a35
#ifdef a36
#ifdef a37
#ifdef a38
#ifdef a39
#ifdef a40
#ifdef a41
#ifdef a42
#ifdef a43
#ifdef a44
#ifdef a45
#ifdef a46
#ifdef a47
#ifdef a48
#ifdef a49
#ifdef a50
#ifdef a51
#ifdef a52
#ifdef a53
#ifdef a54
#ifdef a55
#ifdef a56
#ifdef a57
#ifdef a58
#ifdef a59
#ifdef a60
#ifdef a61
#ifdef a62
#ifdef a63
#ifdef a64
#ifdef a65
#ifdef a66
#ifdef a66
#ifdef a67
    x = 1.0;
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
#endif
    return x;
}

