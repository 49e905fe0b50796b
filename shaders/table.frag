#version 330
// The felt, drawn once per window size into a texture: a lamp over the
// middle of the table, a darker rim, and a fine woven grain. Everything
// that costs something per pixel lives here, not in the per-frame pass.
in vec2 v_ndc;
out vec4 f_color;

uniform mat4 u_inv_vp;
uniform vec3 u_felt;
uniform vec3 u_felt_dark;
uniform vec4 u_table;     // x0, x1, y0, y1 of the laid-out table

float hash(vec2 p) {
    return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453);
}

void main() {
    vec4 a = u_inv_vp * vec4(v_ndc, -1.0, 1.0);
    vec4 b = u_inv_vp * vec4(v_ndc, 1.0, 1.0);
    vec3 p0 = a.xyz / a.w;
    vec3 p1 = b.xyz / b.w;
    vec2 w = mix(p0.xy, p1.xy, p0.z / (p0.z - p1.z));   // hit on z = 0

    vec2 centre = vec2((u_table.x + u_table.y) * 0.5, mix(u_table.z, u_table.w, 0.55));
    vec2 size = vec2(u_table.y - u_table.x, u_table.w - u_table.z);
    vec2 q = (w - centre) / (0.62 * max(size.x, size.y));
    float lamp = exp(-dot(q, q) * 1.6);
    vec3 col = mix(u_felt_dark, u_felt * 1.12, 0.35 + 0.65 * lamp);

    // Woven grain: two crossing fibre directions and a little speckle.
    vec2 g = w * 90.0;
    float fibre = 0.5 + 0.5 * sin(g.x + 1.7 * sin(g.y * 0.31)) * sin(g.y + 1.3 * sin(g.x * 0.27));
    float speck = hash(floor(w * 140.0));
    col *= 0.975 + 0.03 * fibre + 0.03 * (speck - 0.5);

    // Screen vignette: the corners of the window fall off gently.
    float v = smoothstep(1.5, 0.55, length(v_ndc * vec2(0.9, 1.0)));
    col *= mix(0.78, 1.0, v);
    f_color = vec4(col, 1.0);
}
