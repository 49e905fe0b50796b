#version 330
in vec2 v_local;
flat in float v_cell;
out vec4 f_color;

uniform sampler2D u_atlas;
uniform vec2 u_half;
uniform float u_radius;
uniform vec4 u_line;
uniform vec4 u_fill;
uniform vec4 u_cell;      // cell size and padding in uv: w, h, pad x, pad y
uniform float u_cols;

float sd_card(vec2 p) {
    vec2 q = abs(p) - u_half + u_radius;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - u_radius;
}

void main() {
    float d = sd_card(v_local);
    float px = max(fwidth(d), 1e-5);
    float inside = clamp(0.5 - d / px, 0.0, 1.0);
    // a line about 1.5 px wide just inside the edge
    float line = clamp(1.0 - abs(d + 1.2 * px) / (0.9 * px), 0.0, 1.0);
    vec4 col = vec4(u_fill.rgb * u_fill.a, u_fill.a) * inside;
    if (v_cell >= 0.0) {
        vec2 f = vec2(v_local.x / (2.0 * u_half.x) + 0.5, 0.5 - v_local.y / (2.0 * u_half.y));
        vec2 cell = vec2(mod(v_cell, u_cols), floor(v_cell / u_cols));
        vec2 uv = cell * u_cell.xy + u_cell.zw + f * (u_cell.xy - 2.0 * u_cell.zw);
        float g = texture(u_atlas, uv).a * 0.22 * inside;
        col = vec4(vec3(1.0) * g, g) + col * (1.0 - g);
    }
    float l = line * u_line.a;
    col = vec4(u_line.rgb * l, l) + col * (1.0 - l);
    f_color = col;
}
