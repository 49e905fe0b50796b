#version 330
// Test mode: every card one flat colour from its instance number, hard
// edges, so that tests can count the cards on screen and find each one.
in vec2 v_local;
flat in float v_id;
out vec4 f_color;

uniform vec2 u_half;
uniform float u_radius;
uniform float u_base;         // instance number of this draw's first card

void main() {
    vec2 q = abs(v_local) - u_half + u_radius;
    float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - u_radius;
    if (d > 0.0) discard;
    float id = v_id + u_base + 1.0;
    f_color = vec4(mod(id, 256.0) / 255.0, floor(id / 256.0) / 255.0, 1.0, 1.0);
}
