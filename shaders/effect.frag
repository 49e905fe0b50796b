#version 330
in vec2 v_local;
flat in vec4 v_glow;
flat in vec3 v_info;
out vec4 f_color;

uniform vec2 u_half;
uniform float u_radius;
uniform vec4 u_focus_col;
uniform vec2 u_ring;          // the focus ring: from, to (world units outside the edge)
uniform float u_mark_line;    // high contrast: a solid line of the mark's colour this wide outside the edge

float sd_card(vec2 p) {
    vec2 q = abs(p) - u_half + u_radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - u_radius;
}

vec4 over(vec4 top, vec4 under) {
    return top + under * (1.0 - top.a);
}

void main() {
    float d = sd_card(v_local);
    float px = max(fwidth(d), 1e-5);
    // an empty slot that is a legal target (or hint): tinted, outlined, glowing
    vec4 col = vec4(0.0);
    float g = v_glow.a * (1.0 - smoothstep(0.0, 0.19, d)) * step(0.0, d);
    col = over(vec4(v_glow.rgb * g * g, g * g), col);
    float inside = clamp(0.5 - d / px, 0.0, 1.0) * 0.22 * v_glow.a;
    col = over(vec4(v_glow.rgb * inside, inside), col);
    float line = clamp(1.0 - abs(d + 1.5 * px) / px, 0.0, 1.0) * v_glow.a;
    col = over(vec4(v_glow.rgb * line, line), col);
    float band = v_glow.a * sign(u_mark_line) * clamp(min(d, u_mark_line - d) / px + 0.5, 0.0, 1.0);
    col = over(vec4(v_glow.rgb * band, band), col);
    float ring = v_info.z * clamp(min(d - u_ring.x, u_ring.y - d) / px + 0.5, 0.0, 1.0);
    f_color = over(vec4(u_focus_col.rgb * ring, ring), col);
}
