#version 330
// Things on the felt that change per frame: the shadows of cards in flight
// (shadow.frag) and the glow or focus ring of an empty slot (effect.frag).
// Few instances, drawn apart from the cards so the card shader stays short.
in vec2 in_corner;
in vec4 in_pos;           // x, y, z (height of the card), yaw
in vec4 in_effect;        // kind (1 flight shadow, 2 slot glow), flip, stretch, focus
in vec4 in_glow;

uniform mat4 u_vp;
uniform vec2 u_half;
uniform vec2 u_shadow_dir;

out vec2 v_local;
flat out vec4 v_glow;
flat out vec3 v_info;     // kind, blur, focus
flat out float v_stretch; // a fan's shadow: how much longer than one card's (half, each way)

void main() {
    float kind = in_effect.x;
    float blur = 0.04 + 0.08 * in_pos.z;
    float margin = kind == 1.0 ? 1.5 * blur : 0.2;
    // A fan flying together casts one shadow, its cards' rectangles together.
    vec2 local = in_corner * (u_half + vec2(0.0, in_effect.z) + vec2(margin));
    float cy = cos(in_pos.w), sy = sin(in_pos.w);
    // a turning card's shadow narrows with it
    vec2 sc = kind == 1.0 ? vec2(max(abs(cos(in_effect.y)), 0.05), 1.0) : vec2(1.0);
    vec2 r = vec2(cy * local.x * sc.x - sy * local.y, sy * local.x * sc.x + cy * local.y);
    vec2 off = kind == 1.0 ? u_shadow_dir * (1.0 + 6.0 * in_pos.z) : vec2(0.0);
    gl_Position = u_vp * vec4(in_pos.xy + r + off, 0.0005, 1.0);
    v_local = local / sc;
    v_glow = in_glow;
    v_info = vec3(kind, blur, in_effect.w);
    v_stretch = in_effect.z;
}
